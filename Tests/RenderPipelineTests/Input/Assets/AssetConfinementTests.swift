import CCairo
import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Files a scene names stay inside its folder (or the asset root): absolute paths, `..` and
/// symbolic links that lead out are refused with the JSON path, and with the same words whether
/// the file outside exists or not. (FIFOs and devices, which could hang a test, are in the CLI
/// tests, each run under a time limit.)
@Suite struct AssetConfinementTests {
    /// A scene folder `<tmp>/root/scene` with `red.png` and `assets/red.png` inside, and
    /// `<tmp>/root/shared/red.png` and `<tmp>/outside/secret.png` outside it.
    struct Layout {
        let top: URL
        var root: URL { top.appendingPathComponent("root") }
        var scene: URL { root.appendingPathComponent("scene") }
        var shared: URL { root.appendingPathComponent("shared") }
        var outside: URL { top.appendingPathComponent("outside") }

        init() throws {
            top = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
            for folder in ["root/scene/assets", "root/shared", "outside"] {
                try FileManager.default.createDirectory(at: top.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            for file in ["root/scene/red.png", "root/scene/assets/red.png", "root/shared/red.png", "outside/secret.png"] {
                try AssetConfinementTests.writeRedPNG(to: top.appendingPathComponent(file))
            }
        }

        func remove() { try? FileManager.default.removeItem(at: top) }

        func link(_ name: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: scene.appendingPathComponent(name).path, withDestinationPath: target)
        }
    }

    /// A 4×4 opaque red PNG.
    static func writeRedPNG(to url: URL) throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 4, 4)!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, 1, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        #expect(cairo_surface_write_to_png(surface, url.path) == CAIRO_STATUS_SUCCESS)
    }

    static func imageScene(_ path: String) -> String {
        #"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": [{"image": \#(Self.quoted(path))}]}]}"#
    }

    static func quoted(_ string: String) -> String {
        String(decoding: try! JSONSerialization.data(withJSONObject: string, options: [.fragmentsAllowed, .withoutEscapingSlashes]), as: UTF8.self)
    }

    /// The problem lines of decoding `json` from `folder` under `policy` (empty when it decodes).
    static func problems(_ json: String, in folder: URL, policy: AssetPolicy = AssetPolicy()) -> [String] {
        var decoder = SceneDecoder(effects: .builtIn)
        decoder.assetPolicy = policy
        do {
            _ = try decoder.decode(Data(json.utf8), displayName: "s.json", baseDirectory: folder)
            return []
        } catch let error as SceneError {
            return error.description.components(separatedBy: "\n")
        } catch {
            return ["unexpected \(error)"]
        }
    }

    static let rule = "a scene's files are read only inside its folder unless --allow-any-path is given"

    @Test func anAbsolutePathIsRefusedWithTheSameWordsWhetherItExistsOrNot() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let existing = layout.outside.appendingPathComponent("secret.png").path
        let missing = layout.outside.appendingPathComponent("missing.png").path
        // Even a file inside the scene's folder is not named by its absolute path.
        let inside = layout.scene.appendingPathComponent("red.png").path
        for path in [existing, missing, inside] {
            #expect(Self.problems(Self.imageScene(path), in: layout.scene)
                    == [#"s.json: blocks[0].text[0].image: \#(Self.quoted(path)) cannot be read (it is an absolute path; \#(Self.rule))"#])
        }
        #expect(Self.problems(Self.imageScene("/etc/passwd"), in: layout.scene).first?.contains("it is an absolute path") == true)
    }

    @Test(arguments: ["../../outside/secret.png", "../../outside/missing.png", "../shared/red.png", "assets/../../scene/../../outside/secret.png"])
    func aDotDotThatLeavesTheFolderIsRefused(path: String) throws {
        let layout = try Layout()
        defer { layout.remove() }
        #expect(Self.problems(Self.imageScene(path), in: layout.scene)
                == [#"s.json: blocks[0].text[0].image: "\#(path)" cannot be read (".." leads out of the scene's folder; \#(Self.rule))"#])
    }

    @Test func aDotDotThatStaysInsideIsFine() throws {
        let layout = try Layout()
        defer { layout.remove() }
        #expect(Self.problems(Self.imageScene("assets/../red.png"), in: layout.scene) == [])
        #expect(Self.problems(Self.imageScene("./assets/./red.png"), in: layout.scene) == [])
        // A NUL would cut the path short for the C calls: "red.png" would be read for this.
        #expect(throws: AssetError.nulCharacter) {
            try AssetRoot(policy: AssetPolicy(), baseDirectory: layout.scene).read("red.png\u{0}.svg", limit: 1000)
        }
    }

    @Test func aSymbolicLinkOutOfTheFolderIsRefusedAndNotDrawn() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try layout.link("out.png", to: "../../outside/secret.png")
        try layout.link("absolute-out.png", to: layout.outside.appendingPathComponent("secret.png").path)
        try layout.link("nowhere.png", to: "../../outside/missing.png")
        try layout.link("linked", to: layout.outside.path)
        let expected = { (path: String) in
            #"s.json: blocks[0].text[0].image: "\#(path)" cannot be read (a symbolic link on its way leads out of the scene's folder or to nothing; \#(Self.rule))"#
        }
        // A link to a file that exists outside and one to nothing read the same.
        for path in ["out.png", "absolute-out.png", "nowhere.png", "linked/secret.png", "linked/missing.png"] {
            #expect(Self.problems(Self.imageScene(path), in: layout.scene) == [expected(path)])
        }
        // The image loader hands out no image (nothing to draw) for the link.
        let loader = SceneImageLoader(baseDirectory: layout.scene)
        guard case .failure = loader.image(at: "out.png") else { Issue.record("a link out of the folder was read"); return }
    }

    @Test func aSymbolicLinkThatStaysInsideIsRead() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try layout.link("alias.png", to: "assets/red.png")
        try layout.link("absolute-alias.png", to: layout.scene.appendingPathComponent("assets/red.png").path)
        try layout.link("pictures", to: "assets")
        let loader = SceneImageLoader(baseDirectory: layout.scene)
        for path in ["alias.png", "absolute-alias.png", "pictures/red.png"] {
            let image = try loader.image(at: path).get()
            #expect(image.size == CGSize(width: 4, height: 4), "\(path)")
            // The image keeps the name it was given (layout dumps show it), not the link's target.
            #expect(image.path.hasSuffix(path), "\(image.path)")
        }
    }

    @Test func theAssetRootWidensWhereFilesMayBe() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let widened = AssetPolicy(root: layout.root)
        #expect(Self.problems(Self.imageScene("../shared/red.png"), in: layout.scene).count == 1)
        #expect(Self.problems(Self.imageScene("../shared/red.png"), in: layout.scene, policy: widened) == [])
        // Relative paths still start at the scene's folder.
        #expect(Self.problems(Self.imageScene("shared/red.png"), in: layout.scene, policy: widened).first?.contains("no such file") == true)
        let rootRule = "a scene's files are read only inside the asset root (--asset-root) unless --allow-any-path is given"
        #expect(Self.problems(Self.imageScene("../../outside/secret.png"), in: layout.scene, policy: widened)
                == [#"s.json: blocks[0].text[0].image: "../../outside/secret.png" cannot be read (".." leads out of the asset root (--asset-root); \#(rootRule))"#])
        // A scene outside the root reads nothing.
        let elsewhere = AssetPolicy(root: layout.shared)
        #expect(Self.problems(Self.imageScene("red.png"), in: layout.scene, policy: elsewhere).first?
                    .contains("the scene's folder is not inside the asset root") == true)
    }

    @Test func allowAnyPathReadsAbsoluteAndOutsidePaths() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try layout.link("out.png", to: "../../outside/secret.png")
        let any = AssetPolicy(allowsAnyPath: true)
        for path in [layout.outside.appendingPathComponent("secret.png").path, "../../outside/secret.png", "out.png"] {
            #expect(Self.problems(Self.imageScene(path), in: layout.scene, policy: any) == [], "\(path)")
        }
        // Still only regular files.
        #expect(Self.problems(Self.imageScene("/dev/zero"), in: layout.scene, policy: any)
                == [#"s.json: blocks[0].text[0].image: "/dev/zero" cannot be read (it is a device, not a regular file)"#])
        #expect(Self.problems(Self.imageScene("assets"), in: layout.scene, policy: any).first?.hasSuffix("(it is a folder)") == true)
    }

    @Test func devicesAreNeverRead() throws {
        let layout = try Layout()
        defer { layout.remove() }
        for device in ["/dev/zero", "/dev/urandom", "/dev/null"] {
            #expect(throws: ImageError.unreadable(path: device, reason: "it is a device, not a regular file")) { try Image(contentsOfFile: device) }
        }
        try layout.link("zero.png", to: "/dev/zero")
        #expect(Self.problems(Self.imageScene("zero.png"), in: layout.scene).first?.contains("a symbolic link on its way leads out") == true)
    }

    @Test func fontFoldersAreConfinedAndHoldOnlyRegularFiles() throws {
        let layout = try Layout()
        defer { layout.remove() }
        func fonts(_ paths: [String], policy: AssetPolicy = AssetPolicy()) -> [String] {
            let list = paths.map(Self.quoted).joined(separator: ", ")
            return Self.problems(#"{"canvas": {"width": 100, "height": 50}, "fonts": {"directories": [\#(list)]}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "x"}]}"#,
                                 in: layout.scene, policy: policy)
        }
        #expect(fonts(["assets", "."]) == [])
        #expect(fonts(["../../outside"]) == [#"s.json: fonts.directories[0]: "../../outside" cannot be used as a font folder (".." leads out of the scene's folder; \#(Self.rule))"#])
        #expect(fonts([layout.outside.path]).first?.contains("it is an absolute path") == true)
        #expect(fonts(["red.png"]).first?.hasPrefix(#"s.json: fonts.directories[0]: "red.png" is not a folder"#) == true)
        // A link inside a font folder that leads out: fontconfig would follow it.
        let fontsFolder = layout.scene.appendingPathComponent("fonts/sub")
        try FileManager.default.createDirectory(at: fontsFolder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fontsFolder.appendingPathComponent("x.ttf").path,
                                                   withDestinationPath: layout.outside.appendingPathComponent("secret.png").path)
        #expect(fonts(["fonts"]) == [#"s.json: fonts.directories[0]: "fonts" cannot be used as a font folder ("fonts/sub/x.ttf" in it is a symbolic link that leads out of the scene's folder or to nothing; \#(Self.rule))"#])
        #expect(fonts(["fonts"], policy: AssetPolicy(allowsAnyPath: true)) == [])
    }

    @Test func captionFilesAndStringTablesAreConfined() throws {
        let layout = try Layout()
        defer { layout.remove() }
        try "WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n".write(to: layout.outside.appendingPathComponent("talk.vtt"), atomically: true, encoding: .utf8)
        let captions = #"{"canvas": {"width": 100, "height": 50}, "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": "x"}], "captions": {"source": "../../outside/talk.vtt"}}"#
        #expect(Self.problems(captions, in: layout.scene)
                == [#"s.json: captions.source: "../../outside/talk.vtt" cannot be read (".." leads out of the scene's folder; \#(Self.rule))"#])
        #expect(Self.problems(captions, in: layout.scene, policy: AssetPolicy(allowsAnyPath: true)) == [])

        let catalog = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"hi": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "Hallo"}}}}}}"#
        try catalog.write(to: layout.outside.appendingPathComponent("Localizable.xcstrings"), atomically: true, encoding: .utf8)
        let strings = #"{"canvas": {"width": 100, "height": 50}, "strings": "../../outside/Localizable.xcstrings", "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": [{"key": "hi"}]}]}"#
        #expect(Self.problems(strings, in: layout.scene)
                == [#"s.json: strings: ../../outside/Localizable.xcstrings: cannot read the file (".." leads out of the scene's folder; \#(Self.rule))"#])
        #expect(Self.problems(strings, in: layout.scene, policy: AssetPolicy(allowsAnyPath: true)) == [])

        // A .strings table's language folder that is a link out of the scene's folder.
        let lproj = layout.outside.appendingPathComponent("de.lproj")
        try FileManager.default.createDirectory(at: lproj, withIntermediateDirectories: true)
        try #""hi" = "Hallo";"#.write(to: lproj.appendingPathComponent("Cards.strings"), atomically: true, encoding: .utf8)
        try layout.link("de.lproj", to: lproj.path)
        let table = #"{"canvas": {"width": 100, "height": 50}, "strings": "Cards.strings", "blocks": [{"id": "a", "frame": {"x": 0, "y": 0, "width": 100}, "text": [{"key": "hi"}]}]}"#
        #expect(Self.problems(table, in: layout.scene)
                == [#"s.json: strings: de.lproj/Cards.strings: cannot read the file (a symbolic link on its way leads out of the scene's folder or to nothing; \#(Self.rule))"#])
    }

    // MARK: - SVG images load nothing else

    /// How many of the pixels an SVG draws on a 20×20 surface are red.
    static func redPixels(ofSVG svg: String) throws -> Int {
        try redPixels(of: ImageSource(data: Data(svg.utf8), path: "hostile.svg"))
    }

    static func redPixels(of source: ImageSource) throws -> Int {
        let surface = try ImageSurface(width: 20, height: 20)
        do {
            let cairo = CairoContext(surface: surface)
            source.draw(in: CGRect(x: 0, y: 0, width: 20, height: 20), on: cairo)
        }
        var red = 0
        for y in 0..<20 {
            for x in 0..<20 {
                let pixel = surface.pixel(x: x, y: y)
                if pixel.alpha > 0.5, pixel.red > 0.8, pixel.green < 0.2 { red += 1 }
            }
        }
        return red
    }

    static func svg(_ body: String, prolog: String = "") -> String {
        #"<?xml version="1.0"?>\#(prolog)<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xi="http://www.w3.org/2001/XInclude" width="20" height="20">\#(body)</svg>"#
    }

    @Test func anSVGDrawsItsOwnContentAndEmbeddedImages() throws {
        // The probe works: inline content and a data: image (which needs no file) are drawn red.
        #expect(try Self.redPixels(ofSVG: Self.svg(#"<rect width="20" height="20" fill="red"/>"#)) == 400)
        let layout = try Layout()
        defer { layout.remove() }
        let png = try Data(contentsOf: layout.scene.appendingPathComponent("red.png")).base64EncodedString()
        #expect(try Self.redPixels(ofSVG: Self.svg(#"<image width="20" height="20" href="data:image/png;base64,\#(png)"/>"#)) == 400)
        let entity = #"<!DOCTYPE svg [<!ENTITY box "<rect width='20' height='20' fill='red'/>">]>"#
        #expect(try Self.redPixels(ofSVG: Self.svg("&box;", prolog: entity)) == 400, "internal entities are expanded")
    }

    @Test func anSVGLoadsNoFileNorURL() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let red = layout.scene.appendingPathComponent("red.png")
        try #"<rect xmlns="http://www.w3.org/2000/svg" width="20" height="20" fill="red"/>"#
            .write(to: layout.scene.appendingPathComponent("rect.xml"), atomically: true, encoding: .utf8)
        try "rect { fill: red }".write(to: layout.scene.appendingPathComponent("red.css"), atomically: true, encoding: .utf8)
        let sources = [
            Self.svg(#"<image width="20" height="20" href="\#(red.absoluteString)"/>"#),
            Self.svg(#"<image width="20" height="20" xlink:href="\#(red.path)"/>"#),
            // Beside the SVG: a file-based load would resolve it against the SVG's folder.
            Self.svg(#"<image width="20" height="20" href="red.png"/>"#),
            Self.svg("&xxe;", prolog: #"<!DOCTYPE svg [<!ENTITY xxe SYSTEM "\#(layout.scene.appendingPathComponent("rect.xml").absoluteString)">]>"#),
            Self.svg(#"<xi:include href="\#(layout.scene.appendingPathComponent("rect.xml").absoluteString)" parse="xml"/>"#),
            // A style sheet's rule would beat the fill attribute.
            Self.svg(#"<style>@import url("\#(layout.scene.appendingPathComponent("red.css").absoluteString)");</style><rect width="20" height="20" fill="black"/>"#),
            Self.svg(#"<use href="\#(layout.scene.appendingPathComponent("rect.svg").absoluteString)#r"/>"#),
        ]
        try Self.svg(#"<rect id="r" width="20" height="20" fill="red"/>"#).write(to: layout.scene.appendingPathComponent("rect.svg"), atomically: true, encoding: .utf8)
        for svg in sources {
            // Either the SVG is refused whole or it draws without the outside content.
            if let red = try? Self.redPixels(ofSVG: svg) { #expect(red == 0, "\(svg)") }
        }
    }

    /// librsvg loads files beside (or below) an SVG it reads from a file: `red.png`,
    /// `file:///…/red.png`, XInclude, `@import` and `<use>` of them all drew red in a probe.
    /// Scene images are handed to it as bytes, so none of them is loaded.
    @Test func anSVGFileInTheScenesFolderLoadsNothingBesideIt() throws {
        let layout = try Layout()
        defer { layout.remove() }
        let folder = layout.scene
        try #"<rect xmlns="http://www.w3.org/2000/svg" width="20" height="20" fill="red"/>"#
            .write(to: folder.appendingPathComponent("rect.xml"), atomically: true, encoding: .utf8)
        try "rect { fill: red }".write(to: folder.appendingPathComponent("red.css"), atomically: true, encoding: .utf8)
        try Self.svg(#"<rect id="r" width="20" height="20" fill="red"/>"#).write(to: folder.appendingPathComponent("rect.svg"), atomically: true, encoding: .utf8)
        let bodies = [
            #"<image width="20" height="20" href="red.png"/>"#,
            #"<image width="20" height="20" href="\#(folder.appendingPathComponent("red.png").absoluteString)"/>"#,
            #"<xi:include href="rect.xml" parse="xml"/>"#,
            #"<style>@import url("red.css");</style><rect width="20" height="20" fill="black"/>"#,
            #"<use href="rect.svg#r"/>"#,
        ]
        let loader = SceneImageLoader(baseDirectory: folder)
        for (index, body) in bodies.enumerated() {
            try Self.svg(body).write(to: folder.appendingPathComponent("h\(index).svg"), atomically: true, encoding: .utf8)
            let image = try loader.image(at: "h\(index).svg").get()
            #expect(try Self.redPixels(of: try #require(image.source)) == 0, "\(body)")
        }
    }

    @Test func anSVGConnectsToNoServer() throws {
        // A listening socket on a free local port: any fetch of the href would connect to it.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                #expect(bind(listener, raw, length) == 0)
                #expect(listen(listener, 4) == 0)
                #expect(getsockname(listener, raw, &length) == 0)
            }
        }
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        let port = UInt16(bigEndian: address.sin_port)
        for href in ["http://127.0.0.1:\(port)/red.png", "https://127.0.0.1:\(port)/red.png"] {
            let svg = Self.svg(#"<image width="20" height="20" href="\#(href)"/><style>@import url("\#(href).css");</style>"#)
            if let red = try? Self.redPixels(ofSVG: svg) { #expect(red == 0) }
        }
        let connection = accept(listener, nil, nil)
        #expect(connection < 0, "librsvg connected to the server")
        if connection >= 0 { close(connection) }
    }
}
