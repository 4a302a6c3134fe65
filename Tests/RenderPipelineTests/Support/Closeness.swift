import Foundation
@testable import RenderPipeline
@testable import TextEffects

/// Whether two points are the same within `tolerance` in each coordinate.
func close(_ a: CGPoint, _ b: CGPoint, within tolerance: CGFloat = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
}

/// Whether two rectangles are the same within `tolerance` in origin and size.
func close(_ a: CGRect, _ b: CGRect, within tolerance: CGFloat = 1e-9) -> Bool {
    close(a.origin, b.origin, within: tolerance)
        && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

/// Whether two transforms have the same six numbers within 1e-9.
func close(_ a: CGAffineTransform, _ b: CGAffineTransform) -> Bool {
    [a.a - b.a, a.b - b.b, a.c - b.c, a.d - b.d, a.tx - b.tx, a.ty - b.ty].allSatisfy { abs($0) < 1e-9 }
}

/// Whether two colours have the same components within `tolerance`.
func close(_ a: Color, _ b: Color, within tolerance: Double = 1e-9) -> Bool {
    abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance
        && abs(a.blue - b.blue) <= tolerance && abs(a.alpha - b.alpha) <= tolerance
}
