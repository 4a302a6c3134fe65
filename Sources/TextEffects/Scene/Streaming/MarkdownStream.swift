import Foundation

/// A Markdown answer arriving over time, as a chat app receives an LLM's reply: timed chunks
/// (`{"t": seconds, "text": "…"}`) or the block's own text at a steady `charactersPerSecond`.
///
/// At any time the block shows the text that has arrived by then; what arrives is appended,
/// never changed.
package struct MarkdownStream: Sendable, Equatable {
    /// The whole answer, every chunk joined.
    package let text: String
    /// When each arrival is complete (seconds, non-decreasing) and how far into `text` (UTF-8
    /// bytes, increasing) it reaches.
    package let arrivals: [(time: Double, end: Int)]

    /// The answer as `chunks`, each arriving whole at its time.
    package init(chunks: [StreamChunk]) {
        var text = "", arrivals: [(time: Double, end: Int)] = []
        arrivals.reserveCapacity(chunks.count)
        for chunk in chunks where !chunk.text.isEmpty {
            text += chunk.text
            arrivals.append((chunk.time, text.utf8.count))
        }
        self.text = text
        self.arrivals = arrivals
    }

    /// `text` arriving one grapheme cluster at a time, `charactersPerSecond` of them a second
    /// from `start`: the first at `start`, the n-th (n from 0) at `start` + n / rate.
    package init(text: String, charactersPerSecond rate: Double, start: Double = 0) {
        var arrivals: [(time: Double, end: Int)] = []
        var offset = 0, index = 0
        for character in text {
            offset += character.utf8.count
            arrivals.append((start + Double(index) / rate, offset))
            index += 1
        }
        self.text = text
        self.arrivals = arrivals
    }

    /// When the last of the answer has arrived (0 for an empty answer).
    package var end: Double { arrivals.last?.time ?? 0 }

    /// How many arrivals are complete at `time`: an arrival counts from its own time on.
    package func arrivedCount(at time: Double) -> Int {
        // The first arrival later than `time`, by binary search (times are non-decreasing).
        var low = 0, high = arrivals.count
        while low < high {
            let middle = (low + high) / 2
            if arrivals[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The UTF-8 length of the text that has arrived once `count` arrivals are complete.
    package func arrivedLength(count: Int) -> Int { count == 0 ? 0 : arrivals[count - 1].end }

    /// The text that has arrived by `time`.
    package func arrivedText(at time: Double) -> String { prefix(utf8Length: arrivedLength(count: arrivedCount(at: time))) }

    /// The first `length` UTF-8 bytes of the answer (always at a character boundary: arrivals end at one).
    package func prefix(utf8Length length: Int) -> String {
        let utf8 = text.utf8
        return String(text[..<utf8.index(utf8.startIndex, offsetBy: length)])
    }

    package static func == (a: MarkdownStream, b: MarkdownStream) -> Bool {
        a.text == b.text && a.arrivals.elementsEqual(b.arrivals) { $0.time == $1.time && $0.end == $1.end }
    }
}

/// One piece of a streamed answer: its text and the time (seconds from the scene's start) it arrives.
package struct StreamChunk: Sendable, Hashable {
    package var time: Double
    package var text: String

    package init(time: Double, text: String) {
        self.time = time
        self.text = text
    }
}
