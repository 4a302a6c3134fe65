import Foundation

extension SceneDecoder {
    /// The scene's JSON with its localized spans shown as text in the chosen locale.
    func localize(_ root: JSONNode, baseDirectory: URL?) -> (JSONNode, SceneLocalization) {
        let localization = SceneLocalization(root, assets: AssetRoot(policy: assetPolicy, baseDirectory: baseDirectory), override: locale)
        guard localization.bundle != nil || root["blocks"].value?.arrayValue != nil else { return (root, localization) }
        return (JSONNode(value: localization.resolving(root), path: root.path, problems: root.problems), localization)
    }

    /// The languages of the string tables a scene file names (`[]` without `strings`), without
    /// reading the rest of it: what `--locale all` renders, each with its own `decode`.
    public func locales(contentsOf url: URL, displayName: String? = nil) throws -> [String] {
        let name = displayName ?? url.lastPathComponent
        let json: JSONValue
        do { json = try JSONValue(parsing: Self.readSceneFile(url, displayName: name)) } catch {
            // The full decode reports why.
            _ = try decode(contentsOf: url, displayName: name)
            return []
        }
        let problems = SceneProblems()
        let localization = SceneLocalization(JSONNode(value: json, path: "", problems: problems),
                                             assets: AssetRoot(policy: assetPolicy, baseDirectory: url.deletingLastPathComponent()),
                                             override: nil)
        let fileProblems = problems.items.filter { $0.path == "strings" || $0.path.hasPrefix("strings[") }
        guard fileProblems.isEmpty else { throw SceneError(file: name, problems: fileProblems) }
        return localization.bundle?.languages ?? []
    }
}

extension SceneLocalization {
    /// Records the locale on the scene; text is laid out in that language (Pango's language
    /// for shaping and line breaking: Japanese glyph forms for `ja`, …).
    func apply(to scene: inout Scene) {
        guard let bundle else { return }
        scene.locale = bundle.language
        scene.locales = bundle.languages
        scene.environment.language = bundle.language
    }
}
