/// The WebVTT specification's "collect a WebVTT timestamp": `mm:ss.ttt` or `h…h:mm:ss.ttt`,
/// hours having any number of digits (two or more when written, one is accepted only when
/// minutes follow), exactly two digits of minutes and seconds (00–59) and exactly three of
/// milliseconds.
enum WebVTTTimestamp {
    enum Failure: Error, Equatable {
        /// Not the timestamp syntax at all.
        case syntax
        /// Minutes or seconds above 59.
        case outOfRange
        /// Beyond ``CaptionTime/maximum``.
        case tooLarge
    }

    /// Reads a timestamp at `position`, leaving `position` after it (wherever it stopped on failure).
    static func collect(_ s: ArraySlice<Unicode.Scalar>, at position: inout Int) -> Result<CaptionTime, Failure> {
        func digits() -> (count: Int, value: Int) { s.digitRun(at: &position) }
        func at(_ c: Unicode.Scalar) -> Bool { position < s.endIndex && s[position] == c }

        guard position < s.endIndex, s[position].isASCIIDigit else { return .failure(.syntax) }
        let first = digits()
        var value1 = first.value
        let hours = first.count != 2 || value1 > 59
        guard at(":") else { return .failure(.syntax) }
        position += 1
        let second = digits()
        guard second.count == 2 else { return .failure(.syntax) }
        var value2 = second.value
        let value3: Int
        if hours || at(":") {
            guard at(":") else { return .failure(.syntax) }
            position += 1
            let third = digits()
            guard third.count == 2 else { return .failure(.syntax) }
            value3 = third.value
        } else {
            value3 = value2
            value2 = value1
            value1 = 0
        }
        guard at(".") else { return .failure(.syntax) }
        position += 1
        let fraction = digits()
        guard fraction.count == 3 else { return .failure(.syntax) }
        guard value2 <= 59, value3 <= 59 else { return .failure(.outOfRange) }
        guard first.count <= 9, value1 <= 10_000 else { return .failure(.tooLarge) }
        let time = CaptionTime(hours: value1, minutes: value2, seconds: value3, milliseconds: fraction.value)
        guard time <= .maximum else { return .failure(.tooLarge) }
        return .success(time)
    }

    /// The plain-words explanation of a failure to read `text` as a timestamp.
    static func message(_ failure: Failure, _ text: String) -> String {
        switch failure {
        case .syntax: return "\"\(text)\" is not a timestamp (use hh:mm:ss.ttt or mm:ss.ttt)"
        case .outOfRange: return "\"\(text)\" is not a timestamp: minutes and seconds go from 00 to 59"
        case .tooLarge: return "\"\(text)\" is too late (at most 10000 hours)"
        }
    }
}
