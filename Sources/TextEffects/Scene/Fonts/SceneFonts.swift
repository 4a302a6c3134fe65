/// What a scene asks of fontconfig: the folders to add, the families it names, in which
/// language, and whether a missing family is an error (`fonts.strict`).
package struct SceneFonts: Sendable {
    /// Absolute paths of the scene's `fonts.directories`.
    package var directories: [String]
    /// Every family named, where.
    package var families: [FontFamilyUse]
    /// The scene's `environment.language`, which fontconfig weighs in choosing a substitute.
    package var language: String
    /// `fonts.strict`.
    package var isStrict: Bool
}

extension Scene {
    /// What the scene asks of fontconfig.
    package var requestedFonts: SceneFonts {
        SceneFonts(directories: fontDirectories, families: fontFamilies, language: environment.language, isStrict: strictFonts)
    }
}
