import Foundation

/// The tile an image paint repeats (`Paint.image`): the part of the image its source rectangle
/// names, made once and kept, as pixels the backend's repeating pattern samples.
extension ImageSource {
    /// A tile's pixels and the size in points they stand for at an image paint's scale 1.
    struct Tile {
        let surface: ImageSurface
        /// A bitmap's whole pixels of the source rectangle; an SVG's source rectangle of its size.
        let points: CGSize
    }

    /// What a tile's pixels depend on.
    struct TileKey: Equatable {
        var sourceRect: CGRect
        var width: Int, height: Int
        var opacity: Double
    }

    /// Tiles kept of one image (a scene rarely paints one image with more than a few rectangles).
    static let maximumTiles = 4

    /// The largest side, in pixels, an SVG's tile is rasterised at.
    static let maximumTileSide = 4096

    /// The tile of `sourceRect` (unit coordinates of the image) at `opacity`; nil when the
    /// rectangle holds no pixel.
    ///
    /// A bitmap's tile is its pixels inside the rectangle, rounded out to whole pixels (the
    /// decoded image itself for the whole of it at full opacity). An SVG is rasterised at
    /// `pixelsPerPoint` (the target's pixels per point of the tile as drawn, rounded up to a
    /// quarter so an animation's changing scale reuses tiles), at most `maximumTileSide` a side:
    /// the tile is repeated by the backend as pixels on every output, also in SVG and PDF.
    func tile(sourceRect: CGRect, pixelsPerPoint: Double, opacity: Double) -> Tile? {
        let unit = sourceRect.standardized.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard !unit.isNull, unit.width > 0, unit.height > 0, opacity > 0 else { return nil }
        let opacity = Swift.min(opacity, 1)
        if kind == .svg {
            let points = CGSize(width: size.width * unit.width, height: size.height * unit.height)
            var density = (Swift.max(pixelsPerPoint, 0.05) * 4).rounded(.up) / 4
            density = Swift.min(density, Double(Self.maximumTileSide) / Swift.max(points.width, points.height))
            let width = Swift.max(1, Int((points.width * density).rounded())), height = Swift.max(1, Int((points.height * density).rounded()))
            return keptTile(TileKey(sourceRect: unit, width: width, height: height, opacity: opacity), points: points) {
                guard let surface = try? ImageSurface(width: width, height: height) else { return nil }
                let offscreen = CairoContext(surface: surface)
                // Image points → tile pixels: the source rectangle's corner moved to (0, 0).
                var matrix = CairoMatrix.identity
                matrix.scale(Double(width) / points.width, Double(height) / points.height)
                matrix.translate(-size.width * unit.minX, -size.height * unit.minY)
                offscreen.matrix = matrix
                renderContent(in: CGRect(origin: .zero, size: size), on: offscreen)
                return Self.faded(surface, by: opacity)
            }
        }
        guard let bitmap = bitmap() else { return nil }
        let x0 = Int((unit.minX * size.width).rounded(.down)), y0 = Int((unit.minY * size.height).rounded(.down))
        let x1 = Swift.max(x0 + 1, Int((unit.maxX * size.width).rounded(.up))), y1 = Swift.max(y0 + 1, Int((unit.maxY * size.height).rounded(.up)))
        let width = Swift.min(x1, bitmap.width) - x0, height = Swift.min(y1, bitmap.height) - y0
        guard width > 0, height > 0 else { return nil }
        let points = CGSize(width: width, height: height)
        if width == bitmap.width, height == bitmap.height, opacity == 1 { return Tile(surface: bitmap, points: points) }
        let pixels = CGRect(x: x0, y: y0, width: width, height: height)
        return keptTile(TileKey(sourceRect: pixels, width: width, height: height, opacity: opacity), points: points) {
            guard let surface = try? ImageSurface(width: width, height: height) else { return nil }
            CairoContext(surface: surface).paint(bitmap, atDeviceX: Double(-x0), y: Double(-y0), alpha: opacity < 1 ? opacity : nil)
            surface.flush()
            return surface
        }
    }

    /// The tile kept for `key`, else the one `make` makes, kept.
    private func keptTile(_ key: TileKey, points: CGSize, make: () -> ImageSurface?) -> Tile? {
        if let kept = tileLock.withLock({ tiles.last { $0.key == key }?.tile }) { return kept }
        guard let surface = make() else { return nil }
        let tile = Tile(surface: surface, points: points)
        tileLock.withLock {
            tiles.append((key, tile))
            if tiles.count > Self.maximumTiles { tiles.removeFirst() }
        }
        return tile
    }

    /// `surface` at `opacity`: itself when opaque, else a copy painted at that alpha.
    private static func faded(_ surface: ImageSurface, by opacity: Double) -> ImageSurface? {
        surface.flush()
        guard opacity < 1 else { return surface }
        guard let faded = try? ImageSurface(width: surface.width, height: surface.height) else { return nil }
        CairoContext(surface: faded).paint(surface, atDeviceX: 0, y: 0, alpha: opacity)
        faded.flush()
        return faded
    }
}
