import Foundation

/// What a code block does with a line wider than its box. GitHub scrolls such a line; an
/// image cannot, so the default is `wrap`, where nothing of the code is lost.
package enum CodeOverflow: String, CaseIterable, Hashable, Sendable {
    /// The line continues on the next lines, each continuation marked with `↪` in the box's
    /// left padding, so a reader can tell a wrapped line from a new one.
    case wrap
    /// The line is cut at the box's edge, its last characters fading out over `fadeWidth`
    /// points, so the cut is visible.
    case fade
    /// The line is cut at the box's edge, as before this option existed (`wraps: false`).
    case clip

    /// The points over which a faded line's last characters go from opaque to transparent.
    static let fadeWidth = 36.0
    /// The mark before each continuation of a wrapped line.
    static let continuationMarker = "↪"
}
