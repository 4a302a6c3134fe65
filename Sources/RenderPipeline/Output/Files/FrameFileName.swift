import Foundation

/// How numbered frame files are named, whatever their format: `frame_0000.png`, …, with at
/// least four digits and as many as the last frame's number needs, so names sort in order.
package enum FrameFileName {
    /// The digits frame numbers get when `frameCount` frames are written.
    package static func digits(forFrameCount frameCount: Int) -> Int {
        max(4, String(max(frameCount - 1, 0)).count)
    }

    /// `frame_0042.EXT` for frame 42 with four digits.
    package static func name(ofFrame index: Int, digits: Int, fileExtension: String) -> String {
        let number = String(index)
        return "frame_" + String(repeating: "0", count: max(0, digits - number.count)) + number + "." + fileExtension
    }
}
