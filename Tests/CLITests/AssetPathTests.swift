import Foundation
import Testing

/// Files a scene names through the real binary: confined to the scene's folder (or
/// `--asset-root`), only regular files read, so a FIFO or a device is an error (exit 2, with
/// the JSON path) and never a hang; SVG images reach for no other file. Every run has a time
/// limit, so a regression fails instead of hanging the suite.
@Suite("asset paths")
struct AssetPathTests {
    static let dotPNG = CLI.repoRoot.appendingPathComponent("Scenes/assets/dot.png")
    /// Well above a run's time on a busy machine, far below "forever".
    static let limit: TimeInterval = 30

    static func imageScene(_ path: String) -> String {
        #"{"canvas": {"width": 120, "height": 40}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 120}, "text": [{"text": "x"}, {"image": "\#(path)"}]}]}"#
    }

    static func textScene(top: String) -> String {
        #"{"canvas": {"width": 120, "height": 40}, \#(top) "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 120}, "text": [{"text": "x"}]}]}"#
    }

    static func mkfifo(_ url: URL) {
        #expect(Foundation.mkfifo(url.path, 0o644) == 0, "mkfifo \(url.path)")
    }

    /// validate, render (to a folder) and measure each exit 2 with `line` first (and write no frame).
    static func expectRefused(_ dir: TemporaryDirectory, _ scene: String, _ check: (String) -> Bool, extra: [String] = [],
                              sourceLocation: SourceLocation = #_sourceLocation) throws {
        for command in [["validate", scene], [scene, "--out", "frames", "--frames", "1"], ["measure", scene]] {
            let started = Date()
            let result = try CLI.run(command + extra, in: dir.url, timeout: limit)
            #expect(Date().timeIntervalSince(started) < limit, "\(command) hung", sourceLocation: sourceLocation)
            #expect(result.status == 2, "\(command): \(result)", sourceLocation: sourceLocation)
            #expect(result.stderrLines.first.map(check) == true, "\(command): \(result)", sourceLocation: sourceLocation)
            #expect(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("frames/frame_0000.png").path),
                    sourceLocation: sourceLocation)
        }
    }

    @Test("a FIFO as an image exits 2 at once, naming the JSON path")
    func fifoImage() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        Self.mkfifo(dir.url.appendingPathComponent("pipe.png"))
        try dir.write("s.json", Self.imageScene("pipe.png"))
        try Self.expectRefused(dir, "s.json") { $0 == #"s.json: blocks[0].text[1].image: "pipe.png" cannot be read (it is a FIFO, not a regular file)"# }
    }

    @Test("a scene file that is a FIFO, a device or a folder exits 2 at once, also with --locale all")
    func sceneFileNotRegular() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        Self.mkfifo(dir.url.appendingPathComponent("pipe.json"))
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        for (scene, reason) in [("pipe.json", "it is a FIFO, not a regular file"), ("/dev/zero", "it is a device, not a regular file"),
                                ("folder.json", "it is a folder")] {
            try Self.expectRefused(dir, scene) { $0 == "\(scene): cannot read the file (\(reason))" }
            try Self.expectRefused(dir, scene, { $0 == "\(scene): cannot read the file (\(reason))" }, extra: ["--locale", "all"])
        }
    }

    @Test("captions: a subtitle or style file that is a FIFO exits 2 at once")
    func captionFilesNotRegular() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        Self.mkfifo(dir.url.appendingPathComponent("talk.srt"))
        Self.mkfifo(dir.url.appendingPathComponent("style.json"))
        try dir.write("ok.srt", "1\n00:00:00,000 --> 00:00:01,000\nHello\n")
        for (arguments, line) in [(["captions", "talk.srt", "--out", "frames"], "talk.srt: cannot be read (it is a FIFO, not a regular file)"),
                                  (["captions", "ok.srt", "--style", "style.json", "--out", "frames"],
                                   "style.json: cannot read the file (it is a FIFO, not a regular file)")] {
            let started = Date()
            let result = try CLI.run(arguments, in: dir.url, timeout: Self.limit)
            #expect(Date().timeIntervalSince(started) < Self.limit, "\(arguments) hung")
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderrLines.first == line, "\(arguments): \(result)")
        }
    }

    @Test("a FIFO as a font folder, or inside one (in a subfolder, behind a link), exits 2 at once")
    func fifoFonts() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        Self.mkfifo(dir.url.appendingPathComponent("pipe"))
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("fonts/nested"), withIntermediateDirectories: true)
        Self.mkfifo(dir.url.appendingPathComponent("fonts/nested/x.ttf"))
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("linked/real"), withIntermediateDirectories: true)
        Self.mkfifo(dir.url.appendingPathComponent("linked/real/readme"))
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("viaLink"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("viaLink/more").path, withDestinationPath: "../linked/real")
        try dir.write("folder.json", Self.textScene(top: #""fonts": {"directories": ["pipe"]},"#))
        try Self.expectRefused(dir, "folder.json") { $0.hasPrefix(#"folder.json: fonts.directories[0]: "pipe" is not a folder"#) }
        try dir.write("inside.json", Self.textScene(top: #""fonts": {"directories": ["fonts"]},"#))
        try Self.expectRefused(dir, "inside.json") {
            $0 == #"inside.json: fonts.directories[0]: "fonts" cannot be used as a font folder ("fonts/nested/x.ttf" in it is not a regular file (a FIFO or device would block fontconfig))"#
        }
        try dir.write("link.json", Self.textScene(top: #""fonts": {"directories": ["viaLink"]},"#))
        try Self.expectRefused(dir, "link.json") { $0.contains(#""viaLink/more/readme" in it is not a regular file"#) }
        // --allow-any-path lifts confinement, never the regular-file rule.
        try Self.expectRefused(dir, "inside.json", { $0.contains("is not a regular file") }, extra: ["--allow-any-path"])
    }

    @Test("a FIFO as a caption source or a string table exits 2 at once")
    func fifoCaptionsAndStrings() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        Self.mkfifo(dir.url.appendingPathComponent("talk.vtt"))
        Self.mkfifo(dir.url.appendingPathComponent("Localizable.xcstrings"))
        try dir.write("captions.json", Self.textScene(top: #""captions": {"source": "talk.vtt"},"#))
        try Self.expectRefused(dir, "captions.json") { $0 == #"captions.json: captions.source: "talk.vtt" cannot be read (it is a FIFO, not a regular file)"# }
        try dir.write("strings.json", Self.textScene(top: #""strings": "Localizable.xcstrings","#))
        try Self.expectRefused(dir, "strings.json") {
            $0 == "strings.json: strings: Localizable.xcstrings: cannot read the file (it is a FIFO, not a regular file)"
        }
        // --locale all reads the tables first: it must not block either.
        let all = try CLI.run(["validate", "strings.json", "--locale", "all"], in: dir.url, timeout: Self.limit)
        #expect(all.status == 2, "\(all)")
    }

    @Test("devices and folders as images: refused as absolute paths, and never read with --allow-any-path")
    func devices() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("folder.png"), withIntermediateDirectories: true)
        for device in ["/dev/zero", "/dev/urandom", "/dev/stdin"] {
            try dir.write("s.json", Self.imageScene(device))
            try Self.expectRefused(dir, "s.json") { $0.hasPrefix(#"s.json: blocks[0].text[1].image: "\#(device)" cannot be read (it is an absolute path;"#) }
            // The tests' standard input is /dev/null, a device too; a pipe would be a FIFO.
            try Self.expectRefused(dir, "s.json", { $0 == #"s.json: blocks[0].text[1].image: "\#(device)" cannot be read (it is a device, not a regular file)"# },
                                   extra: ["--allow-any-path"])
        }
        try dir.write("s.json", Self.imageScene("folder.png"))
        try Self.expectRefused(dir, "s.json") { $0 == #"s.json: blocks[0].text[1].image: "folder.png" cannot be read (it is a folder)"# }
    }

    @Test("absolute paths, .. and links out of the folder are refused the same whether the file exists or not; a link out is not drawn")
    func confinement() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("scene"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.dotPNG, to: dir.url.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("scene/logo.png").path, withDestinationPath: "../secret.png")
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("scene/gone.png").path, withDestinationPath: "../missing.png")
        let rule = "a scene's files are read only inside its folder unless --allow-any-path is given"
        var messages: [String] = []
        for (path, words) in [("../secret.png", #"".." leads out of the scene's folder"#), ("../missing.png", #"".." leads out of the scene's folder"#),
                              (dir.url.appendingPathComponent("secret.png").path, "it is an absolute path"),
                              (dir.url.appendingPathComponent("missing.png").path, "it is an absolute path"),
                              ("logo.png", "a symbolic link on its way leads out of the scene's folder or to nothing"),
                              ("gone.png", "a symbolic link on its way leads out of the scene's folder or to nothing")] {
            try dir.write("scene/s.json", Self.imageScene(path))
            let expected = #"scene/s.json: blocks[0].text[1].image: "\#(path)" cannot be read (\#(words); \#(rule))"#
            try Self.expectRefused(dir, "scene/s.json") { $0 == expected }
            messages.append(expected.replacingOccurrences(of: path, with: "PATH"))
        }
        // Existing and missing files outside read alike, pair by pair.
        #expect(messages[0] == messages[1] && messages[2] == messages[3] && messages[4] == messages[5])

        // --allow-any-path reads all of them that exist; the link is drawn then.
        try dir.write("scene/s.json", Self.imageScene("logo.png"))
        let any = try CLI.run(["scene/s.json", "--out", "frames", "--frames", "1", "--quiet", "--allow-any-path"], in: dir.url, timeout: Self.limit)
        #expect(any.status == 0, "\(any)")
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("frames/frame_0000.png").path))
    }

    @Test("--asset-root widens the folder a scene reads from; a link that stays inside is read")
    func assetRoot() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("project/scenes"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("project/shared"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.dotPNG, to: dir.url.appendingPathComponent("project/shared/dot.png"))
        try FileManager.default.createSymbolicLink(atPath: dir.url.appendingPathComponent("project/scenes/dot.png").path, withDestinationPath: "../shared/dot.png")
        try dir.write("project/scenes/up.json", Self.imageScene("../shared/dot.png"))
        try dir.write("project/scenes/link.json", Self.imageScene("dot.png"))
        for scene in ["project/scenes/up.json", "project/scenes/link.json"] {
            let refused = try CLI.run(["validate", scene], in: dir.url, timeout: Self.limit)
            #expect(refused.status == 2 && refused.stderrLines.count == 1, "\(refused)")
            for command in [["validate", scene], ["measure", scene], [scene, "--out", "frames", "--frames", "1", "--quiet"]] {
                let widened = try CLI.run(command + ["--asset-root", "project"], in: dir.url, timeout: Self.limit)
                #expect(widened.status == 0, "\(command): \(widened)")
            }
        }
        #expect(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("frames/frame_0000.png").path))
        // Out of the root is still out.
        try dir.write("project/scenes/far.json", Self.imageScene("../../secret.png"))
        let far = try CLI.run(["validate", "project/scenes/far.json", "--asset-root", "project"], in: dir.url, timeout: Self.limit)
        #expect(far.status == 2 && far.stderr.contains(#"".." leads out of the asset root (--asset-root)"#), "\(far)")
        let bad = try CLI.run(["validate", "project/scenes/up.json", "--asset-root", "no-such-folder"], in: dir.url, timeout: Self.limit)
        #expect(bad.status != 0 && bad.stderr.contains("--asset-root must be a folder"), "\(bad)")
    }

    @Test("hostile SVGs (file:// and http:// images, external entities, XInclude, @import, entity loops) render without reading anything")
    func hostileSVGs() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // FIFOs as the targets: opening any of them would block the run until its time limit.
        let fifo = dir.url.appendingPathComponent("trap")
        Self.mkfifo(fifo)
        let svgs = [
            #"<image width="10" height="10" href="\#(fifo.absoluteString)"/>"#,
            #"<image width="10" height="10" href="trap"/>"#,
            #"<image width="10" height="10" href="http://127.0.0.1:9/x.png"/>"#,
            #"<xi:include href="\#(fifo.absoluteString)" parse="text"/>"#,
            #"<style>@import url("\#(fifo.absoluteString)");</style><rect width="10" height="10"/>"#,
            "<text y=\"10\">&xxe;</text>",
            "<text y=\"10\">&passwd;</text>",
            "<text y=\"10\">&lol9;</text>",
        ]
        var lol = #"<!ENTITY lol "lol">"#
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            lol += "<!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">"
        }
        let doctype = #"<!DOCTYPE svg [<!ENTITY xxe SYSTEM "\#(fifo.absoluteString)"><!ENTITY passwd SYSTEM "file:///etc/passwd">\#(lol)]>"#
        for (index, body) in svgs.enumerated() {
            try dir.write("h\(index).svg", #"<?xml version="1.0"?>\#(doctype)<svg xmlns="http://www.w3.org/2000/svg" xmlns:xi="http://www.w3.org/2001/XInclude" width="10" height="10">\#(body)</svg>"#)
            try dir.write("h\(index).json", Self.imageScene("h\(index).svg"))
            let started = Date()
            let result = try CLI.run(["h\(index).json", "--out", "out\(index)", "--frames", "1", "--quiet"], in: dir.url, timeout: Self.limit)
            #expect(Date().timeIntervalSince(started) < Self.limit, "\(body) hung")
            // librsvg may refuse the document (exit 2 with the JSON path) or draw it without the outside content.
            #expect(result.status == 0 || (result.status == 2 && result.stderr.hasPrefix("h\(index).json: blocks[0].text[1].image")), "\(body): \(result)")
        }
    }

    @Test("a path starting with ~ is looked for inside the scene's folder, and a miss names it so, never the home folder")
    func tildeIsAFolderName() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // The home folder of the account rendering, with the files in it: neither read nor named.
        let home = dir.url.appendingPathComponent("home-of-the-renderer").path
        try dir.write("home-of-the-renderer/talk.srt", "1\n00:00:00,000 --> 00:00:01,000\nHello\n")
        try FileManager.default.copyItem(at: Self.dotPNG, to: URL(fileURLWithPath: home + "/y.png"))
        try FileManager.default.createDirectory(atPath: home + "/fonts", withIntermediateDirectories: true)
        let environment = ["HOME": home]
        let realHome = FileManager.default.homeDirectoryForCurrentUser.path
        func expectNoHome(_ result: CLI.Result, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(result.status == 2, "\(result)", sourceLocation: sourceLocation)
            #expect(!result.stderr.contains(home), "\(result)", sourceLocation: sourceLocation)
            if realHome.count > 1 { #expect(!result.stderr.contains(realHome + "/"), "\(result)", sourceLocation: sourceLocation) }
        }

        try dir.write("image.json", Self.imageScene("~/y.png"))
        let image = try CLI.run(["validate", "image.json"], in: dir.url, environment: environment, timeout: Self.limit)
        expectNoHome(image)
        #expect(image.stderrLines == [#"image.json: blocks[0].text[1].image: "~/y.png" cannot be read (no such file)"#], "\(image)")

        try dir.write("fonts.json", Self.textScene(top: #""fonts": {"directories": ["~/fonts"]},"#))
        let fonts = try CLI.run(["validate", "fonts.json"], in: dir.url, environment: environment, timeout: Self.limit)
        expectNoHome(fonts)
        #expect(fonts.stderrLines.first?.hasPrefix(#"fonts.json: fonts.directories[0]: "~/fonts" is not a folder (looked for "#) == true, "\(fonts)")
        #expect(fonts.stderrLines.first?.hasSuffix("/~/fonts)") == true, "\(fonts)")

        try dir.write("captions.json", Self.textScene(top: #""captions": {"source": "~/talk.srt"},"#))
        let captions = try CLI.run(["validate", "captions.json"], in: dir.url, environment: environment, timeout: Self.limit)
        expectNoHome(captions)
        #expect(captions.stderrLines.first?.hasPrefix(#"captions.json: captions.source: "~/talk.srt" does not exist (looked for "#) == true, "\(captions)")
        #expect(captions.stderrLines.first?.hasSuffix("/~/talk.srt)") == true, "\(captions)")

        // The file inside the scene's folder is the one read.
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("~"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.dotPNG, to: dir.url.appendingPathComponent("~/y.png"))
        let found = try CLI.run(["validate", "image.json"], in: dir.url, environment: environment, timeout: Self.limit)
        #expect(found.status == 0, "\(found)")
    }
}
