extension LinearGradient {
    /// Where a linear gradient's line runs: one case, so a gradient cannot be placed two ways.
    public enum Placement: Hashable, Sendable {
        /// Across what the gradient fills, through its centre, at an angle clockwise in y-down
        /// coordinates (0 runs leading → trailing, 90° top → bottom); the stops span the bounds.
        case angle(Angle)
        /// From one point to another, each a unit point of what the gradient fills or a point
        /// in the drawing's coordinates.
        case points(start: Paint.Anchor, end: Paint.Anchor)
    }
}
