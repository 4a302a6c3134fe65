import Foundation
import RenderPipeline

/// Reading rendered pixels: ink, colours and differences, on surfaces drawn over a known background.
extension ImageSurface {
    /// Every pixel of `region` (the whole surface by default) that exists on the surface.
    func coordinates(in region: PixelRegion? = nil) -> [(x: Int, y: Int)] {
        let r = region ?? PixelRegion(minX: 0, minY: 0, maxX: width - 1, maxY: height - 1)
        var result: [(x: Int, y: Int)] = []
        for y in max(r.minY, 0)...min(r.maxY, height - 1) {
            for x in max(r.minX, 0)...min(r.maxX, width - 1) { result.append((x, y)) }
        }
        return result
    }

    /// How far a pixel is from `background`: the largest difference of its colour components, 0…1.
    func inkAmount(x: Int, y: Int, background: Color = .white) -> Double {
        let c = pixel(x: x, y: y)
        return max(abs(c.red - background.red), abs(c.green - background.green), abs(c.blue - background.blue))
    }

    /// The bounding box of pixels differing from `background` by more than `threshold`, optionally
    /// only those of `region` or those `matching` a colour test.
    func inkBox(in region: PixelRegion? = nil, background: Color = .white, threshold: Double = 0.25,
                matching test: ((Color) -> Bool)? = nil) -> PixelRegion? {
        var box: PixelRegion?
        for (x, y) in coordinates(in: region) where inkAmount(x: x, y: y, background: background) > threshold {
            if let test, !test(pixel(x: x, y: y)) { continue }
            box = box.map { PixelRegion(minX: min($0.minX, x), minY: min($0.minY, y), maxX: max($0.maxX, x), maxY: max($0.maxY, y)) }
                ?? PixelRegion(minX: x, minY: y, maxX: x, maxY: y)
        }
        return box
    }

    /// The sum of every pixel's ink amount in `region`: how much is drawn there.
    func totalInk(in region: PixelRegion? = nil, background: Color = .white) -> Double {
        coordinates(in: region).reduce(0) { $0 + inkAmount(x: $1.x, y: $1.y, background: background) }
    }

    /// The ink-weighted centre of `region`, in pixels (a pixel's centre is at +0.5).
    func inkCentroid(in region: PixelRegion? = nil, background: Color = .white) -> (x: Double, y: Double)? {
        var sum = 0.0, sx = 0.0, sy = 0.0
        for (x, y) in coordinates(in: region) {
            let w = inkAmount(x: x, y: y, background: background)
            sum += w
            sx += w * (Double(x) + 0.5)
            sy += w * (Double(y) + 0.5)
        }
        return sum > 0 ? (sx / sum, sy / sum) : nil
    }

    /// How many pixels differ from `other`'s, in `region` or everywhere, counting only those outside `excluded`.
    func differingPixels(from other: ImageSurface, in region: PixelRegion? = nil, excluding excluded: PixelRegion? = nil,
                         tolerance: Double = 0) -> Int {
        coordinates(in: region).filter { x, y in
            if let excluded, excluded.contains(x: x, y: y) { return false }
            let a = pixel(x: x, y: y), b = other.pixel(x: x, y: y)
            return max(abs(a.red - b.red), abs(a.green - b.green), abs(a.blue - b.blue), abs(a.alpha - b.alpha)) > tolerance
        }.count
    }
}

/// Colour components compared with a tolerance.
func isClose(_ a: Color, _ b: Color, within tolerance: Double) -> Bool {
    abs(a.red - b.red) <= tolerance && abs(a.green - b.green) <= tolerance && abs(a.blue - b.blue) <= tolerance
}
