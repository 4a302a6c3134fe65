import CCairo

/// The variable fonts shown as text on SVG and PDF pages at their default instance, whose faces
/// are put back to that instance before a document is finished.
///
/// Cairo 1.16 subsets a document's fonts only when it is finished, from the one FreeType face it
/// shares among every scaled font of a file, and does not set a default-instance font's axes on
/// it (`te_ft_unvary_default_instance`). Whatever was drawn last with that face (a `vary`
/// weight, another page, another thread) decided what went into the file: Inter as a TrueType
/// subset, or as a Type 1 fallback of another weight's outlines with other widths, and text
/// placed wrongly with it. Unvarying every such face first gives the same file every time.
enum DefaultInstanceFaces {
    /// By font object; guarded by the Pango lock.
    nonisolated(unsafe) private static var fonts: [ObjectIdentifier: CairoScaledFont] = [:]

    /// The most fonts kept: a scene shows a few sizes and weights of a few variable families.
    /// Past it the list starts over, and a font shown before then is not unvaried again.
    static let capacity = 1024

    /// Notes that `font` was shown as text on a vector page; call with the Pango lock held.
    static func note(_ font: CairoScaledFont) {
        if fonts.count >= capacity { fonts.removeAll(keepingCapacity: true) }
        fonts[ObjectIdentifier(font)] = font
    }

    /// Puts the face of every font noted back to its default instance; call with the Pango
    /// lock held, right before a vector document is finished.
    static func unvaryAll() {
        for font in fonts.values {
            font.withUnsafeCairoScaledFont { te_ft_unvary_default_instance($0) }
        }
    }
}
