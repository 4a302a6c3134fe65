import Foundation

/// An inclusive rectangle of pixels.
struct PixelRegion: Equatable, CustomStringConvertible {
    var minX: Int, minY: Int, maxX: Int, maxY: Int

    func contains(x: Int, y: Int) -> Bool { (minX...maxX).contains(x) && (minY...maxY).contains(y) }

    var width: Int { maxX - minX + 1 }
    var height: Int { maxY - minY + 1 }
    var midX: Double { Double(minX + maxX) / 2 }
    var midY: Double { Double(minY + maxY) / 2 }

    var description: String { "(\(minX), \(minY))…(\(maxX), \(maxY))" }
}
