/// The bounds math typesetting is held to, so that no formula makes a document hang or swell:
/// a formula past one is shown as its source in the `mathError` colour with a warning, and the
/// rest of the document renders. docs/SCENE-FORMAT.md ("Math") lists them.
package enum MathLimits {
    /// The longest formula source, in characters.
    public static let maximumFormulaCharacters = 10_000
    /// The most distinct formulas typeset for one document; later ones show their source.
    public static let maximumFormulasPerDocument = 2_000
    /// How long one TeX run (all of a document's uncached formulas) may take, in seconds,
    /// before it is stopped; the formula it was on (a loop) fails and the others run again.
    public static let texTimeout = 20.0
    /// How long dvisvgm may take over one run's pages, in seconds.
    public static let dvisvgmTimeout = 60.0
    /// The largest SVG of one formula, in bytes.
    public static let maximumSVGBytes = 1_000_000
    /// The widest and tallest formula, in ems of its text (a 10 pt TeX em): 2,000 em is
    /// 34,000 points of 17-point text, past any canvas.
    public static let maximumFormulaEms = 2_000.0
}
