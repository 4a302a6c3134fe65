extension TextLayout.Run {
    /// The family of the font the run was shaped with: fontconfig's choice, which is a fallback
    /// where the style's family lacks the run's characters (a CJK or emoji run).
    public var fontFamily: String { font.family }

    /// The run's point size (1 pt = 1 px at scale 1).
    public var fontSize: CGFloat { style.size }

    /// What the run's glyphs are painted with, unless a renderer sets
    /// ``GraphicsContext/foregroundPaint``.
    public var foregroundPaint: Paint { style.paint }
}
