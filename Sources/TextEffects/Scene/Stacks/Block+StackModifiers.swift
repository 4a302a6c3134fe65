import Foundation

extension Block {
    /// The block's opacity at `time`: its own times that of every stack around it.
    package func opacity(at time: Double) -> Double {
        stackOpacity.reduce(opacity.value(at: time)) { $0 * $1.value(at: time) }
    }

    /// The block's offset at `time`: its own plus that of every stack around it.
    package func offset(at time: Double) -> CGPoint {
        stackOffset.reduce(offset.value(at: time)) { sum, offset in
            let more = offset.value(at: time)
            return CGPoint(x: sum.x + more.x, y: sum.y + more.y)
        }
    }
}
