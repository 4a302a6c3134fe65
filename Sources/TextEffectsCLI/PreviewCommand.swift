// Only with the package trait `Preview` (Package.swift), which implies `CLI`: the server stack is not there without it.
#if CLI && Preview
import ArgumentParser
import Foundation
import Preview
import TextEffects

/// `texteffects preview SCENE.json`: a local page that shows the scene and re-renders it on save.
struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a page on 127.0.0.1 that shows the scene, with a timeline, playback, overlays and problems, and re-renders it on save.",
        discussion: """
        Routes for scripts: /frame/N.png (byte for byte render's frame N; ?debug=1 and ?links=1 add overlays), \
        /layout.json (--dump-layout), /links/N.json, /inspect?frame=N&x=X&y=Y, /scene.json, /events (server-sent \
        events: reload, problems). Ctrl-C stops it.
        """
    )

    @Argument(help: "The scene file.")
    var scene: String

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8765

    @Option(help: ArgumentHelp("The address to listen on. Anything but loopback exposes the scene's folder to the network: use with care.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(name: .customLong("allow-host"), help: ArgumentHelp("Another name the page may be reached by when exposed with --host (repeat for each); requests naming any other host are refused.", valueName: "name"))
    var allowedHosts: [String] = []

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    @Option(help: "Frames drawn at once (default: one per core).")
    var threads: Int?

    @OptionGroup(title: "Localization")
    var locale: LocaleOption

    @OptionGroup(title: "Asset paths")
    var assets: AssetPathOptions

    @OptionGroup(title: "Template")
    var template: TemplateOptions

    func validate() throws {
        if !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256, not \(threads)") }
        if locale.isAll { throw ValidationError("--locale all: the preview shows one language; give one --locale") }
        if host.isEmpty || host.contains(where: { $0.isWhitespace || $0 == "/" }) {
            throw ValidationError("--host must be an address such as 127.0.0.1 or 0.0.0.0, not \"\(host)\"")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: scene, isDirectory: &isFolder), !isFolder.boolValue else {
            throw ValidationError("\(scene): no such scene file")
        }
    }

    func run() throws {
        if !AllowedHosts.isLoopback(host) {
            SceneLoading.printError("texteffects preview: listening on \(host): anyone who can reach this address sees the scene and the files of its folder")
        }
        var configuration = PreviewServer.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.extraHosts = allowedHosts
        if let threads { configuration.workers = threads }
        let source = PreviewSource(url: URL(fileURLWithPath: scene), displayName: scene, locale: locale.locale,
                                   assetPolicy: assets.policy, templateValues: template.values, effects: .commandLine)
        let server = PreviewServer(source: source, configuration: configuration)
        let open = self.open
        let outcome = Blocking.run {
            try await server.run { url in
                // The line scripts wait for: the page's address, on standard output.
                try? StandardOutput.write(Data("texteffects preview: \(url)\n".utf8))
                if !server.session.currentProblems.isEmpty {
                    SceneLoading.printError(server.session.currentProblems.map { "\(scene): \($0)" }.joined(separator: "\n"))
                }
                if open { Self.openInBrowser(url) }
            }
        }
        switch outcome {
        case .success:
            SceneLoading.printError("texteffects preview: stopped")
        case .failure(let error):
            throw CommandFailure.input("texteffects preview: \(Self.describe(error))")
        }
    }

    /// A start-up failure in words: most often the port is taken.
    static func describe(_ error: any Error) -> String {
        let text = "\(error)"
        if text.contains("Address already in use") || text.contains("EADDRINUSE") {
            return "the port is in use: give another with --port, or --port 0 for any free one"
        }
        return text
    }

    /// Starts the desktop's browser on `url`, or says how to open it by hand.
    static func openInBrowser(_ url: String) {
        let opener = ["/usr/bin/xdg-open", "/usr/local/bin/xdg-open"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let opener else {
            SceneLoading.printError("texteffects preview: --open: no xdg-open here; open \(url) in a browser")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try? process.run()
    }
}

/// Runs async work to its end from synchronous code (the commands' `run`).
enum Blocking {
    static func run(_ work: @escaping @Sendable () async throws -> Void) -> Result<Void, any Error> {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        Task {
            do { try await work() } catch { box.result = .failure(error) }
            done.signal()
        }
        done.wait()
        return box.result
    }

    private final class ResultBox: @unchecked Sendable {
        var result: Result<Void, any Error> = .success(())
    }
}
#endif
