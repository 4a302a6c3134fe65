import Foundation

/// A template scene read once for a batch: its file, its parameters, and everything its rows
/// share (decoded images, fonts), so that each row costs only filling, laying out and drawing.
///
/// Opening it checks what no row can cure (JSON, unknown fields, bad parameter declarations,
/// missing fonts folders): those make the whole batch unusable. A row's own values, and files
/// they name (a default image included), are checked when its scene is made.
package final class BatchTemplate: @unchecked Sendable {
    /// The file's name as the user gave it, which messages start with.
    package let file: String
    package let parameters: [String: TemplateParameter]
    /// Each parameter's default as text, for output names.
    package let defaultTexts: [String: String]
    /// The frames of a row's scene, as the template reads with its defaults: what decides a
    /// row's output name before its scene is made (a resumed batch skips rows unread).
    package let frameCount: Int
    private let data: Data
    /// `data` parsed, once for every row.
    private let json: JSONValue
    private let baseDirectory: URL
    private let decoder: SceneDecoder
    private let fontsLock = NSLock()
    /// Font libraries by their scene's extra folders (usually one: the template's).
    private var fonts: [[String]: FontLibrary] = [:]
    /// The template's own font folders and the families it names outside placeholders (see
    /// `checkFonts(with:)`); nil when its folders come from a placeholder.
    private let templateFonts: SceneFonts?
    /// Holds each row's font families to its fonts before the row is laid out; set before
    /// rows are rendered. Nil checks nothing.
    package var fontCheck: FontCheck?
    /// The background and leading blocks every row draws alike, drawn once; nil when a
    /// placeholder reaches the canvas or the scene's other settings.
    package let backdrop: SceneBackdrop?

    /// Reads and checks the template at `url` with `decoder`'s settings (effects, locale,
    /// asset policy); throws a ``SceneError`` listing what makes it unusable. Its backdrop's
    /// raster counts against `backdropBudget`.
    package init(url: URL, displayName: String, decoder: SceneDecoder, backdropBudget: SceneBackdrop.Budget = .shared) throws(SceneError) {
        file = displayName
        data = try SceneDecoder.readSceneFile(url, displayName: displayName)
        baseDirectory = url.deletingLastPathComponent()
        var decoder = decoder
        decoder.sharedImages = SharedImageCache()
        decoder.templateValues = [:]
        let (parameters, problems, frameCount, templateFonts) = decoder.checkTemplate(data, baseDirectory: baseDirectory)
        guard problems.isEmpty else { throw SceneError(file: displayName, problems: problems) }
        self.templateFonts = templateFonts
        self.frameCount = frameCount ?? 1
        self.parameters = parameters
        self.decoder = decoder
        // checkTemplate has parsed it already without an error.
        json = (try? JSONValue(parsing: data)) ?? .null
        backdrop = SceneBackdrop.staticBlocks(of: json).map { SceneBackdrop(templateBlocks: $0, budget: backdropBudget) }
        defaultTexts = parameters.compactMapValues { $0.defaultValue.flatMap(BatchOutputName.text(of:)) }
    }

    /// A row's values for the parameters: its other columns are left out (a data file may carry
    /// more than one template uses), and so are empty cells of parameters with a default, which
    /// then applies.
    package func values(of row: DataRow) -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        for (name, value) in row.values {
            guard let parameter = parameters[name] else { continue }
            if case .string(let text) = value, text.isEmpty, parameter.defaultValue != nil { continue }
            values[name] = value
        }
        return values
    }

    /// The scene for `values`; throws a ``SceneError`` naming what in them does not fit.
    /// `accessLog` notes every file the scene names (its images, fonts folders, string tables).
    package func scene(values: [String: JSONValue], accessLog: AssetAccessLog? = nil) throws -> Scene {
        var decoder = self.decoder
        decoder.templateValues = values
        if let accessLog { decoder.assetPolicy.accessLog = accessLog }
        return try decoder.decode(json, data: data, displayName: file, baseDirectory: baseDirectory)
    }

    /// A renderer for one row's scene, with the fonts the template's rows share; its font
    /// families are held to them by `fontCheck` first. `limitsAutoHeight`: false for a scene
    /// drawn only in pages, whose auto height may pass a canvas's limit.
    package func renderer(for scene: Scene, limitsAutoHeight: Bool = true) throws -> SceneRenderer {
        let library = try fonts(adding: scene.fontDirectories)
        try fontCheck?.check(scene.requestedFonts, library: library, file: file)
        return try SceneRenderer(scene: scene, cutsCaptions: true, fonts: library, limitsAutoHeight: limitsAutoHeight, backdrop: backdrop)
    }

    /// What every row shares, checked before any: the template's fonts exist (none at all is
    /// `LayoutError.noFonts`), and the families it names outside placeholders pass `check`
    /// (strict: a `SceneError`, so the batch stops before writing; else warned about once).
    package func checkFonts(with check: FontCheck) throws {
        guard let templateFonts else { return }
        let library = try fonts(adding: templateFonts.directories)
        try check.check(templateFonts, library: library, file: file)
    }

    /// The system's fonts plus `directories`, loaded once for all the rows that add them.
    private func fonts(adding directories: [String]) throws -> FontLibrary {
        try fontsLock.withLock {
            if let known = fonts[directories] { return known }
            let library = try FontLibrary.forScene(addingDirectories: directories)
            // Font folders are the template's, rarely a row's: a handful at most, kept.
            if fonts.count < 8 { fonts[directories] = library }
            return library
        }
    }

    /// The columns a CSV or TSV header must have: parameters without a default.
    package var requiredColumns: [String] {
        parameters.values.filter { $0.defaultValue == nil }.map(\.name).sorted()
    }
}
