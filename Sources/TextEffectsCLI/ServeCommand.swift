// Only with the package trait `Preview` (Package.swift), which implies `CLI`: the server stack is not there without it.
#if CLI && Preview
import ArgumentParser
import Foundation
import Preview
import TextEffects

/// `texteffects serve DIR`: the template scenes of a folder as card URLs.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve every template scene in a folder as a card URL: GET /NAME.png?param=value (or .jpg, .webp), byte for byte render --set's file.",
        discussion: """
        DIR/card.json is /card.png, DIR/social/quote.json /social/quote.png; /card.jpg and /card.webp are the same card as \
        JPEG and WebP (quality 90). Query parameters fill the template's parameters. \
        Cards have an ETag (If-None-Match → 304) and are kept in memory and, with --cache, on disk; a template or an image \
        saved on disk takes effect at the next request. Also GET /healthz and /metrics (Prometheus). Errors are JSON: \
        400 for a bad or unknown parameter, 404 for no such template, 500 for a template that cannot be used, 503 when \
        busy (Retry-After). Access log: one JSON line a request on standard error (--quiet: none). Ctrl-C or SIGTERM \
        stops it after the requests under way.
        """
    )

    @Argument(help: "The folder of template scenes.")
    var folder: String

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = 8080

    @Option(help: ArgumentHelp("The address to listen on. Anything but loopback serves the folder's templates to the network: use with care.", valueName: "address"))
    var host: String = "127.0.0.1"

    @Option(name: .customLong("allow-host"), help: ArgumentHelp("Another name requests may give in their Host header, such as the public name a proxy or CDN forwards (repeat for each).", valueName: "name"))
    var allowedHosts: [String] = []

    @Option(help: "Cards drawn at once (default: one per core).")
    var threads: Int?

    @Option(help: "Cards waiting for a free thread; past that, requests are answered 503 with Retry-After.")
    var queue: Int = 64

    @Option(help: ArgumentHelp("Seconds a request waits for its card before 503 (the card is still drawn, for the next request).", valueName: "seconds"))
    var timeLimit: Double = 10

    @Option(help: "The Cache-Control header of every card.")
    var cacheControl: String = "public, max-age=3600"

    @Option(help: ArgumentHelp("A folder that keeps drawn cards across restarts (created if missing).", valueName: "dir"))
    var cache: String?

    @Option(help: ArgumentHelp("The most the --cache folder holds; the least recently used cards go first (e.g. 512M, 2G).", valueName: "size"))
    var cacheSize: ByteCount = ByteCount(bytes: 1 << 30)

    @Option(help: ArgumentHelp("The most the cards kept in memory take.", valueName: "size"))
    var memoryCache: ByteCount = ByteCount(bytes: 64 << 20)

    @Flag(help: "No access log; only errors.")
    var quiet = false

    @OptionGroup(title: "Localization")
    var locale: LocaleOption

    @OptionGroup(title: "Asset paths")
    var assets: AssetPathOptions

    @OptionGroup(title: "PNG output")
    var png: PNGCompressionOption

    @OptionGroup(title: "JPEG and WebP output")
    var still: StillImageOptions

    @OptionGroup(title: "Fonts")
    var fonts: FontOptions

    func validate() throws {
        if !(0...65_535).contains(port) { throw ValidationError("--port must be between 0 and 65535, not \(port)") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256, not \(threads)") }
        if !(0...100_000).contains(queue) { throw ValidationError("--queue must be between 0 and 100000, not \(queue)") }
        if !(timeLimit > 0 && timeLimit <= 3600) { throw ValidationError("--time-limit must be above 0 and at most 3600 seconds, not \(timeLimit)") }
        if locale.isAll { throw ValidationError("--locale all: a server draws one language; give one --locale") }
        if host.isEmpty || host.contains(where: { $0.isWhitespace || $0 == "/" }) {
            throw ValidationError("--host must be an address such as 127.0.0.1 or 0.0.0.0, not \"\(host)\"")
        }
        if cacheControl.contains(where: { $0.isNewline || $0 == "\0" }) { throw ValidationError("--cache-control must be one line") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("\(folder): no such folder")
        }
    }

    func run() throws {
        if !AllowedHosts.isLoopback(host) {
            SceneLoading.printError("texteffects serve: listening on \(host): anyone who can reach this address gets cards of every template in \(folder)")
        }
        var configuration = CardServer.Configuration()
        configuration.host = host
        configuration.port = port
        configuration.extraHosts = allowedHosts
        if let threads { configuration.workers = threads }
        configuration.maximumWaiting = queue
        configuration.timeLimit = .milliseconds(Int((timeLimit * 1000).rounded()))
        configuration.cacheControl = cacheControl
        configuration.memoryCacheBytes = memoryCache.bytes
        configuration.cacheFolder = cache.map { URL(fileURLWithPath: $0, isDirectory: true) }
        configuration.cacheBytes = cacheSize.bytes
        configuration.encoding = still.encoding(png: png.compression)
        configuration.version = TextEffectsCLI.version
        if !quiet {
            configuration.accessLog = { line in SceneLoading.printError(line) }
        }
        var decoder = SceneDecoder(effects: .commandLine)
        decoder.locale = locale.locale
        decoder.assetPolicy = assets.policy
        let server: CardServer
        do {
            server = try CardServer(folder: URL(fileURLWithPath: folder, isDirectory: true), decoder: decoder,
                                    fontCheck: fonts.check(quiet: quiet), configuration: configuration)
        } catch {
            throw CommandFailure.input("texteffects serve: \(error)")
        }
        let outcome = Blocking.run {
            try await server.run { url in
                // The line scripts wait for: the server's address, on standard output.
                try? StandardOutput.write(Data("texteffects serve: \(url)\n".utf8))
            }
        }
        switch outcome {
        case .success:
            if !quiet { SceneLoading.printError("texteffects serve: stopped") }
        case .failure(let error):
            throw CommandFailure.input("texteffects serve: \(PreviewCommand.describe(error))")
        }
    }
}
#endif
