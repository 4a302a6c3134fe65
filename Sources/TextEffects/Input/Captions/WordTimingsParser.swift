import Foundation

/// Reads word timings as speech recognisers print them, with Foundation's `JSONSerialization`:
///
/// - whisper and WhisperX: `{"segments": [{"start", "end", "text", "words": [{"word", "start",
///   "end", "probability"|"score"}], "speaker"?}], "language"?}`, times in seconds; also
///   whisper-timestamped's words, `{"text", "start", "end", "confidence"}`. A segment
///   without `words` is one cue without word timings; WhisperX's `speaker` becomes a `<v>` span.
///   A file with only WhisperX's `word_segments` (no `segments`) becomes one cue per word.
/// - whisper.cpp (`-oj`/`-ojf`): `{"transcription": [{"offsets": {"from", "to"}, "text",
///   "tokens"?: [{"text", "offsets", "p"}]}], "result": {"language"}}`, offsets in milliseconds.
///   Tokens are pieces of words: a token starting with a space starts a word, one without joins
///   the previous word (extending its end); special tokens (`[_BEG_]`, `[_TT_150]`) are skipped.
///
/// Each segment is a cue. Times are rounded to the nearest millisecond. A word's `range` is
/// where it is found in the segment's `text` (searching on from the previous word); when a word
/// is not found, the cue's text is rebuilt from the words (joined as written when they carry their
/// own leading spaces, as whisper's do, else with spaces).
///
/// Words without times (WhisperX leaves them off numbers such as "2023" it cannot align) get
/// them from their neighbours: a run of untimed words shares the gap between the previous
/// word's end (or the segment's start) and the next word's start (or the segment's end) in
/// proportion to their lengths; when that gap is empty they take the previous word's times (or
/// the next one's). They are marked ``WordTiming/isInterpolated``.
///
/// Errors (with the JSON path): syntax errors (with line and column), a missing or non-numeric
/// time, a negative time, a segment or word ending before it starts, a word outside its
/// segment's times by more than a second (recognisers overshoot segment ends by a few hundred
/// milliseconds, which is tolerated by stretching the cue), none of the shapes above, more
/// segments on screen at once than ``CaptionLimits/maximumCuesOnScreen``.
enum WordTimingsParser {
    static func parse(_ data: Data, file: String) throws -> CaptionTrack {
        let json: JSONValue
        do {
            json = try JSONValue(parsing: data)
        } catch let error as JSONSyntaxError {
            throw CaptionError(file: file, line: error.line, column: error.column, "not valid JSON: \(error.reason)")
        } catch {
            throw CaptionError(file: file, "is not valid JSON: \(StringTable.jsonReason(error, data: data))")
        }
        let problems = SceneProblems()
        let root = JSONNode(value: json, path: "", problems: problems)
        var cues: [CaptionCue] = []
        // Where each cue is in the file, for problems found once all are read.
        var places: [JSONNode] = []
        var language: String?
        if let object = json.objectValue, object["segments"] != nil || object["word_segments"] != nil {
            language = object["language"]?.stringValue
            if object["segments"] != nil {
                for (i, segment) in (root["segments"].array(required: true) ?? []).enumerated() {
                    if let cue = whisperSegment(segment, index: i) { cues.append(cue); places.append(segment) }
                    if cues.count > CaptionLimits.maximumCueCount { break }
                }
            } else {
                for (i, word) in (root["word_segments"].array(required: true) ?? []).enumerated() {
                    guard let text = word["word"].string(required: true),
                          let start = time(word["start"], required: true), let end = time(word["end"], required: true) else { continue }
                    guard end >= start else { word["end"].problem("the word ends before it starts (\(end) < \(start))"); continue }
                    let trimmed = text.trimmingWhitespace
                    cues.append(CaptionCue(id: String(i + 1), start: start, end: max(end, start + CaptionTime(milliseconds: 1)),
                                           nodes: [.text(trimmed)],
                                           words: [WordTiming(text: trimmed, start: start, end: end, range: 0..<trimmed.count,
                                                              confidence: word["score"].value?.doubleValue)]))
                    places.append(word)
                    if cues.count > CaptionLimits.maximumCueCount { break }
                }
            }
        } else if let object = json.objectValue, object["transcription"] != nil {
            language = object["result"]?.objectValue?["language"]?.stringValue ?? object["params"]?.objectValue?["language"]?.stringValue
            for (i, segment) in (root["transcription"].array(required: true) ?? []).enumerated() {
                if let cue = whisperCppSegment(segment, index: i) { cues.append(cue); places.append(segment) }
                if cues.count > CaptionLimits.maximumCueCount { break }
            }
        } else {
            throw CaptionError(file: file, "is not a word-timings file: expected an object with \"segments\" (whisper, WhisperX), "
                + "\"transcription\" (whisper.cpp) or \"word_segments\" (WhisperX)")
        }
        if cues.count > CaptionLimits.maximumCueCount {
            throw CaptionError(file: file, "more than \(CaptionLimits.maximumCueCount) segments (the most a file may have)")
        }
        if let crowded = CaptionTrack.crowdedCue(cues) { places[crowded.index].problem(CaptionTrack.crowdedMessage(at: crowded.at)) }
        guard problems.isEmpty else {
            throw CaptionError(file: file, problems: problems.items.map { CaptionProblem(line: 0, path: $0.path, message: $0.message) })
        }
        return CaptionTrack(format: .wordTimings, cues: CaptionTrack.displayOrder(cues), language: language)
    }

    /// Seconds (a number) to a time.
    private static func time(_ node: JSONNode, required: Bool) -> CaptionTime? {
        guard let seconds = node.number(in: 0...CaptionTime.maximum.seconds, required: required) else { return nil }
        return CaptionTime(seconds: seconds)
    }

    /// One whisper / WhisperX segment.
    private static func whisperSegment(_ segment: JSONNode, index: Int) -> CaptionCue? {
        guard segment.value?.objectValue != nil else { return segment.mismatch("an object") }
        let start = time(segment["start"], required: true)
        let end = time(segment["end"], required: true)
        let text = segment["text"].string() ?? ""
        var raw: [(text: String, start: CaptionTime?, end: CaptionTime?, confidence: Double?)] = []
        for word in segment["words"].array() ?? [] {
            // whisper-timestamped names the word `text` (and its confidence `confidence`).
            let key = word["word"].isPresent || !word["text"].isPresent ? "word" : "text"
            guard let w = word[key].string(required: true) else { continue }
            let s = time(word["start"], required: false), e = time(word["end"], required: false)
            if let s, let e, e < s { word["end"].problem("the word ends before it starts (\(e) < \(s))"); continue }
            raw.append((w, s, e, (word["probability"].value ?? word["score"].value ?? word["confidence"].value)?.doubleValue))
        }
        guard let start, let end else { return nil }
        guard end >= start else { segment["end"].problem("the segment ends before it starts (\(end) < \(start))"); return nil }
        return cue(id: String(segment["id"].value?.doubleValue.map { Int($0) } ?? index), text: text, start: start, end: end,
                   raw: raw, speaker: segment["speaker"].value?.stringValue, node: segment)
    }

    /// One whisper.cpp `transcription` entry.
    private static func whisperCppSegment(_ segment: JSONNode, index: Int) -> CaptionCue? {
        guard segment.value?.objectValue != nil else { return segment.mismatch("an object") }
        func milliseconds(_ node: JSONNode) -> CaptionTime? {
            guard let ms = node.number(in: 0...Double(CaptionTime.maximum.milliseconds), required: true) else { return nil }
            return CaptionTime(milliseconds: Int(ms.rounded()))
        }
        let start = milliseconds(segment["offsets"]["from"]), end = milliseconds(segment["offsets"]["to"])
        let text = segment["text"].string() ?? ""
        var raw: [(text: String, start: CaptionTime?, end: CaptionTime?, confidence: Double?)] = []
        for token in segment["tokens"].array() ?? [] {
            guard let piece = token["text"].string(required: true) else { continue }
            if piece.hasPrefix("[_") && piece.hasSuffix("]") { continue }
            guard let s = milliseconds(token["offsets"]["from"]), let e = milliseconds(token["offsets"]["to"]) else { continue }
            let p = token["p"].value?.doubleValue
            if let last = raw.last, !piece.hasPrefix(" "), !last.text.isEmpty {
                raw[raw.count - 1].text += piece
                raw[raw.count - 1].end = max(last.end ?? e, e)
                if let p { raw[raw.count - 1].confidence = min(last.confidence ?? p, p) }
            } else {
                raw.append((piece, s, max(e, s), p))
            }
        }
        guard let start, let end else { return nil }
        guard end >= start else { segment["offsets"]["to"].problem("the segment ends before it starts (\(end) < \(start))"); return nil }
        return cue(id: String(index), text: text, start: start, end: end, raw: raw, speaker: nil, node: segment)
    }

    /// A cue from a segment's text and words: ranges found, missing times filled in.
    private static func cue(id: String, text rawText: String, start: CaptionTime, end segmentEnd: CaptionTime,
                            raw: [(text: String, start: CaptionTime?, end: CaptionTime?, confidence: Double?)],
                            speaker: String?, node: JSONNode) -> CaptionCue? {
        let words = raw.filter { !$0.text.trimmingWhitespace.isEmpty }
        var text = rawText.trimmingWhitespace
        if text.isEmpty {
            text = words.map(\.text).joined(separator: words.allSatisfy { $0.text.first?.isWhitespace ?? false } ? "" : " ").trimmingWhitespace
        }
        // Ranges: each word searched for after the previous one.
        func locate(in text: String) -> [Range<Int>]? {
            let characters = Array(text)
            var ranges: [Range<Int>] = []
            var from = 0
            for word in words {
                let w = Array(word.text.trimmingWhitespace)
                guard w.count <= characters.count, from <= characters.count - w.count,
                      let at = (from...(characters.count - w.count)).first(where: { characters[$0..<$0 + w.count].elementsEqual(w) })
                else { return nil }
                ranges.append(at..<at + w.count)
                from = at + w.count
            }
            return ranges
        }
        var ranges = locate(in: text)
        if ranges == nil {
            let ownSpaces = words.dropFirst().allSatisfy { $0.text.first?.isWhitespace ?? false }
            text = words.map { ownSpaces ? $0.text : $0.text.trimmingWhitespace }.joined(separator: ownSpaces ? "" : " ").trimmingWhitespace
            ranges = locate(in: text)
        }
        // Times: tolerated overshoot stretches the cue; more than a second is an error.
        var end = segmentEnd
        var cueStart = start
        for (i, word) in words.enumerated() {
            if let e = word.end, e > end {
                if (e - segmentEnd).milliseconds > 1000 {
                    node["words"][i].problem("the word ends at \(e), more than a second after its segment (\(segmentEnd))")
                }
                end = e
            }
            if let s = word.start, s < cueStart {
                if (start - s).milliseconds > 1000 {
                    node["words"][i].problem("the word starts at \(s), more than a second before its segment (\(start))")
                }
                cueStart = s
            }
        }
        var timings = fillTimes(words.map { ($0.start, $0.end, $0.text.trimmingWhitespace.count) }, start: cueStart, end: end)
        var result: [WordTiming] = []
        for (i, word) in words.enumerated() {
            let (s, e, interpolated) = timings[i]
            result.append(WordTiming(text: word.text.trimmingWhitespace, start: s, end: e,
                                     range: ranges?[i] ?? 0..<0, confidence: word.confidence, isInterpolated: interpolated))
        }
        timings.removeAll()
        if end <= cueStart { end = cueStart + CaptionTime(milliseconds: 1) }
        let nodes: [CueNode] = speaker.map { [.span(.voice($0), classes: [], children: [.text(text)])] } ?? [.text(text)]
        return CaptionCue(id: id, start: cueStart, end: end, nodes: nodes, words: result)
    }

    /// Times for every word: given ones kept, missing ones shared out (see the type's documentation).
    static func fillTimes(_ words: [(start: CaptionTime?, end: CaptionTime?, length: Int)], start: CaptionTime, end: CaptionTime)
        -> [(CaptionTime, CaptionTime, Bool)] {
        var out: [(CaptionTime, CaptionTime, Bool)] = []
        var i = 0
        while i < words.count {
            if let s = words[i].start, let e = words[i].end {
                out.append((s, e, false))
                i += 1
                continue
            }
            // A run of words missing a time; a word with only one of them keeps it as a bound.
            var j = i
            while j < words.count, words[j].start == nil || words[j].end == nil { j += 1 }
            let from = words[i].start ?? out.last?.1 ?? start
            let until = words[j - 1].end ?? (j < words.count ? words[j].start! : end)
            if until > from {
                let total = max(1, words[i..<j].reduce(0) { $0 + max(1, $1.length) })
                var used = 0
                for k in i..<j {
                    let a = from.milliseconds + (until - from).milliseconds * used / total
                    used += max(1, words[k].length)
                    let b = from.milliseconds + (until - from).milliseconds * used / total
                    out.append((CaptionTime(milliseconds: a), CaptionTime(milliseconds: b), true))
                }
            } else {
                let neighbour = out.last.map { ($0.0, $0.1) } ?? (j < words.count ? (words[j].start!, words[j].end!) : (from, from))
                for _ in i..<j { out.append((neighbour.0, neighbour.1, true)) }
            }
            i = j
        }
        return out
    }
}
