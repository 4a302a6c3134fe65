import Foundation

/// The tile an image paint repeats (`Paint.image`): the part of the image its source rectangle
/// names, made once and kept, as pixels the backend's repeating pattern samples.
extension ImageSource {
    /// A tile's pixels and the size in points they stand for at an image paint's scale 1.
    struct Tile {
        let surface: ImageSurface
        /// A bitmap's whole pixels of the source rectangle; an SVG's source rectangle of its size.
        let points: CGSize
        /// What its pixels depend on (`documentName(of:)` names them for documents).
        let key: TileKey
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

    /// The tile of `sourceRect` (unit coordinates of the image) at `opacity`, for a target with
    /// `pixelsPerPoint` pixels per point of the tile as drawn (along x and y); nil when the
    /// rectangle holds no pixel.
    ///
    /// `exact` (a target drawn without rotation or skew): the tile is made at the target's own
    /// pixels, its width and height rounded to whole ones, so the backend's pattern copies it
    /// one tile pixel to a target pixel and its period is that whole number of pixels. Drawn
    /// so, the same pixels come out however the frame is cut into bands; a pattern sampled at
    /// another scale interpolates from where the clip starts. Otherwise (or past
    /// `maximumTileSide`) a bitmap's tile is its own pixels, shrunk when drawn smaller, and an
    /// SVG's is rasterised at a `density(for:)` step. A bitmap's source rectangle is rounded
    /// out to whole pixels of the image; every tile is shrunk or grown once, with Cairo's GOOD
    /// filter. The decoded image itself is the tile of all of it drawn at its size.
    func tile(sourceRect: CGRect, pixelsPerPoint density: CGSize, exact: Bool, opacity: Double) -> Tile? {
        let unit = sourceRect.standardized.intersection(CGRect(x: 0, y: 0, width: 1, height: 1))
        guard !unit.isNull, unit.width > 0, unit.height > 0, opacity > 0, density.width > 0, density.height > 0,
              density.width.isFinite, density.height.isFinite else { return nil }
        let opacity = Swift.min(opacity, 1)
        let bitmap = bitmap()
        guard bitmap != nil || kind == .svg else { return nil }
        // The tile in points at the paint's scale 1, and for a bitmap the pixels it is cut from.
        var natural = CGSize(width: size.width * unit.width, height: size.height * unit.height)
        var pixels = CGRect.null
        if let bitmap {
            let x0 = Int((unit.minX * size.width).rounded(.down)), y0 = Int((unit.minY * size.height).rounded(.down))
            let x1 = Swift.max(x0 + 1, Int((unit.maxX * size.width).rounded(.up))), y1 = Swift.max(y0 + 1, Int((unit.maxY * size.height).rounded(.up)))
            pixels = CGRect(x: x0, y: y0, width: Swift.min(x1, bitmap.width) - x0, height: Swift.min(y1, bitmap.height) - y0)
            guard pixels.width > 0, pixels.height > 0 else { return nil }
            natural = pixels.size
        }
        var width = Int((natural.width * density.width).rounded()), height = Int((natural.height * density.height).rounded())
        let isExact = exact && width >= 1 && height >= 1 && Swift.max(width, height) <= Self.maximumTileSide
        if !isExact {
            var step = Self.density(for: Swift.max(density.width, density.height))
            step = bitmap != nil ? Swift.min(step, 1) : Swift.min(step, Double(Self.maximumTileSide) / Swift.max(natural.width, natural.height))
            width = Swift.max(1, Int((natural.width * step).rounded()))
            height = Swift.max(1, Int((natural.height * step).rounded()))
        }
        // Exact: the size in points the whole pixels stand for at scale 1.
        let points = isExact ? CGSize(width: Double(width) / density.width, height: Double(height) / density.height) : natural
        let key = TileKey(sourceRect: bitmap != nil ? pixels : unit, width: width, height: height, opacity: opacity)
        if let bitmap, width == bitmap.width, height == bitmap.height, opacity == 1 {
            return Tile(surface: bitmap, points: points, key: key)
        }
        return keptTile(key, points: points) {
            guard let surface = try? ImageSurface(width: width, height: height) else { return nil }
            let offscreen = CairoContext(surface: surface)
            let sx = Double(width) / natural.width, sy = Double(height) / natural.height
            if let bitmap {
                if sx == 1, sy == 1 {
                    offscreen.paint(bitmap, atDeviceX: -pixels.minX, y: -pixels.minY)
                } else {
                    // The whole bitmap stretched so that the source pixels fill the tile.
                    offscreen.paint(bitmap, stretchedOver: CGRect(x: -pixels.minX * sx, y: -pixels.minY * sy,
                                                                 width: Double(bitmap.width) * sx, height: Double(bitmap.height) * sy))
                }
            } else {
                // Image points → tile pixels: the source rectangle's corner moved to (0, 0).
                var matrix = CairoMatrix.identity
                matrix.scale(sx, sy)
                matrix.translate(-size.width * unit.minX, -size.height * unit.minY)
                offscreen.matrix = matrix
                renderContent(in: CGRect(origin: .zero, size: size), on: offscreen)
            }
            return Self.faded(surface, by: opacity)
        }
    }

    /// The pixels per point a tile is made at for a target of `pixelsPerPoint` when it cannot be
    /// made at the target's own: the next step up of 2^⅛ (about 9 %), so an animation's changing
    /// scale reuses a few tiles and the pattern samples a tile at 0.92 to 1 of its pixels a
    /// target pixel.
    static func density(for pixelsPerPoint: Double) -> Double {
        let clamped = Swift.min(Swift.max(pixelsPerPoint, 1.0 / 64), 64)
        return exp2((log2(clamped) * 8).rounded(.up) / 8)
    }

    /// A tile's name for documents (`CairoVectorSurface.nameContent`): the image's bytes and what
    /// the tile's pixels depend on.
    func documentName(of key: TileKey) -> String {
        "\(contentName)-tile-\(key.sourceRect)-\(key.width)x\(key.height)-\(key.opacity)"
    }

    /// The tile kept for `key`, else the one `make` makes, kept.
    private func keptTile(_ key: TileKey, points: CGSize, make: () -> ImageSurface?) -> Tile? {
        if let kept = tileLock.withLock({ tiles.last { $0.key == key }?.tile }) { return kept }
        guard let surface = make() else { return nil }
        let tile = Tile(surface: surface, points: points, key: key)
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
