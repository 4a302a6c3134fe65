// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import TextEffects

/// A frame size in pixels, written `1920x1080` on the command line.
struct FrameSize: ExpressibleByArgument, Hashable, CustomStringConvertible {
    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `WIDTHxHEIGHT` (also `×` or `X`), each side 1–16384 pixels.
    init?(argument: String) {
        let parts = argument.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" || $0 == "×" })
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...SceneLimits.maximumCanvasSide).contains(width), (1...SceneLimits.maximumCanvasSide).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    var description: String { "\(width)x\(height)" }
    var defaultValueDescription: String { description }
}
#endif
