// A model value whose code reaches into Render through an extension member and a free function,
// naming no Render type: folder-arrows.py must report both uses.
struct Swatch {
    var red = 0.0

    func draw(on surface: AnyObject) {
        let pixel = red.devicePixel
        clearScratchSurface(surface)
        _ = pixel
    }
}
