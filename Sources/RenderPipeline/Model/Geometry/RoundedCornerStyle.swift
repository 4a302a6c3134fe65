/// The shape of a rounded rectangle's corners, as SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: Hashable, Sendable {
    /// Quarter-circle (or quarter-ellipse) corners, meeting the straight edges with a jump in
    /// curvature.
    case circular

    /// Corners whose curvature rises smoothly from the straight edges, as iOS draws
    /// `RoundedRectangle` by default.
    ///
    /// Apple does not publish its curve, so this is an approximation: a circular arc of the
    /// corner radius in the middle of the corner, joined to each edge by a cubic whose
    /// curvature is zero at the edge and equals the arc's where they meet (curvature-continuous
    /// throughout). The corner starts 1.528665 radii from the corner point along each edge, the
    /// extent reverse-engineered from iOS's own rounded rectangles. When the rectangle is too
    /// small for that (the radius is more than about a third of the shorter side) the
    /// transitions shorten until, at half the shorter side, the corner is plain circular; so a
    /// `Capsule` has semicircular ends in either style.
    case continuous
}
