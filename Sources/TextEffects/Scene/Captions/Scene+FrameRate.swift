extension Scene {
    /// The scene's `fps` as an exact fraction (29.97002997… is 30000/1001): what caption frames are decided with.
    package var frameRate: FrameRate {
        FrameRate(approximating: fps) ?? .defaultRate
    }
}

extension JSONNode {
    /// A frame rate: a number of frames per second, or a fraction as a string (`"30000/1001"`).
    func frameRate() -> FrameRate? {
        guard let text = value?.stringValue else { return number(in: 0.001...1000).flatMap(FrameRate.init(approximating:)) }
        guard let rate = FrameRate(parsing: text) else {
            problem("\"\(text)\" is not a frame rate (a number, or a fraction as \"30000/1001\", above 0 and at most 1000)")
            return nil
        }
        return rate
    }
}
