import Foundation

/// Holds the font families scenes name to the fonts they get: a family fontconfig does not have
/// is said, once a run, or refused when fonts are strict.
///
/// fontconfig never fails a request: a family it lacks quietly becomes its best match for the
/// rest of the pattern (DejaVu Sans, say), and a card comes out in the wrong typeface. The check
/// asks the scene's own fonts (`FontLibrary.substitute(for:language:)`) about every family the
/// scene names (`Scene.fontFamilies`): the first place a family is named is the one reported.
package final class FontCheck: @unchecked Sendable {
    /// `--strict-fonts`: every scene's missing families are errors, whatever its `fonts.strict`.
    package let isStrict: Bool
    /// Where a warning goes: one line, without a line break.
    private let warn: @Sendable (String) -> Void
    private let lock = NSLock()
    /// Families already warned about (by `FontFamilyName.key`), so a batch's rows or `--locale
    /// all`'s languages say each once.
    private var warned: Set<String> = []

    package init(isStrict: Bool, warn: @escaping @Sendable (String) -> Void) {
        self.isStrict = isStrict
        self.warn = warn
    }

    /// Checks the families `fonts` names (a scene's) against `library`, its fonts. Missing ones
    /// are thrown as a `SceneError` of `file` when `isStrict` or the scene's `fonts.strict`, one
    /// problem a family; otherwise each is warned about, unless an earlier check already did:
    /// `card.json: blocks[2].style.font.family: "Helvetica Neue" is not installed; using "DejaVu Sans"`.
    package func check(_ fonts: SceneFonts, library: FontLibrary, file: String) throws(SceneError) {
        var seen: Set<String> = []
        var problems: [SceneProblem] = []
        for use in fonts.families where seen.insert(FontFamilyName.key(use.family)).inserted {
            guard let used = library.substitute(for: use.family, language: fonts.language) else { continue }
            let asked = JSONValue.string(use.family).description, instead = JSONValue.string(used).description
            if isStrict || fonts.isStrict {
                let rule = isStrict ? "--strict-fonts" : "fonts.strict"
                problems.append(SceneProblem(path: use.path, message: "\(asked) is not installed (it would be drawn in \(instead); \(rule) allows no substitute)"))
            } else if lock.withLock({ warned.insert(FontFamilyName.key(use.family)).inserted }) {
                warn("\(file): \(SceneProblem(path: use.path, message: "\(asked) is not installed; using \(instead)"))")
            }
        }
        if !problems.isEmpty { throw SceneError(file: file, problems: problems) }
    }
}
