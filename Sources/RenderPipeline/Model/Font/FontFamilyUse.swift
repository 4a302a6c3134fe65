/// A font family a scene names, and where: `blocks[2].style.font.family` asks for
/// "Helvetica Neue".
///
/// Recorded while the scene is read, and checked once its fonts are loaded (the scene's own font
/// folders count), since only then can fontconfig say whether the family is there.
package struct FontFamilyUse: Hashable, Sendable {
    /// The JSON path of the value that names the family (or the preset or symbol that implies it).
    package var path: String
    /// The family as written: one name, or Pango's comma-separated list of names.
    package var family: String

    package init(path: String, family: String) {
        self.path = path
        self.family = family
    }
}
