/// Reads WebVTT (`.vtt`) files by the W3C WebVTT specification's parser algorithm
/// (https://www.w3.org/TR/webvtt1/#file-parsing): the `WEBVTT` signature, header lines, `NOTE`,
/// `STYLE` and `REGION` blocks, cue identifiers, timings with or without hours, cue settings, and
/// cue text that ends at a blank line or at a line containing `-->` (which starts the next block).
///
/// Debian packages no maintained C library for WebVTT, so this is a careful transcription of the
/// specification in Swift, with its steps named in the code.
///
/// The specification's parser never fails after the signature: it drops what it cannot read.
/// texteffects keeps that recovery for everything that leaves a cue usable and reports, as
/// errors, only what makes a cue unusable, so a file never silently loses a caption:
///
/// - errors: a missing or wrong `WEBVTT` signature; a timing line (a line with `-->`) whose
///   times do not parse (the specification drops that cue); a block whose first line starts
///   like a time but has no `-->` (a mistyped arrow: the specification drops it as "not a
///   cue"); a cue that ends before it starts (it would never show); more cues than
///   ``CaptionLimits/maximumCueCount``, or more on screen at once than
///   ``CaptionLimits/maximumCuesOnScreen``. A cue that ends when it starts is skipped with a warning,
///   as players skip it.
/// - warnings (``CaptionTrack/warnings``): unknown or malformed cue settings, unknown tags,
///   `<rt>` outside `<ruby>`, timestamp tags that are not timestamps or are out of order,
///   `STYLE`/`REGION` blocks after the first cue, a region name no `REGION` defines, and other
///   blocks that are not cues.
enum WebVTTParser {
    /// One block's lines, as the specification's "collect a WebVTT block" gathers them.
    private enum Block {
        case cue(CaptionCue, textLine: Int)
        case style(String)
        case region(String, line: Int)
        case other(firstLine: Int, lines: [ArraySlice<Unicode.Scalar>])
        case failedCue
    }

    static func parse(_ scalars: [Unicode.Scalar], file: String) throws -> CaptionTrack {
        var problems: [CaptionProblem] = []
        var warnings: [CaptionProblem] = []
        let lines = CaptionTextDecoder.lines(scalars)

        // Signature: "WEBVTT" alone, or followed by a space, tab or line break.
        let signature = Array("WEBVTT".unicodeScalars)
        let first = lines.first ?? []
        guard first.starts(with: signature), first.count == 6 || first.dropFirst(6).first == " " || first.dropFirst(6).first == "\t" else {
            let shown = String(first.prefix(40).string)
            throw CaptionError(file: file, line: 1, first.isEmpty
                ? "a WebVTT file starts with a line \"WEBVTT\" (this one starts with an empty line)"
                : "a WebVTT file starts with a line \"WEBVTT\", not \"\(shown)\"")
        }

        var index = 1
        var seenCue = false
        var regions: [CaptionRegion] = []
        var styleSheets: [String] = []
        var cues: [CaptionCue] = []

        // Header: lines right after the signature line (legacy metadata) are skipped.
        if index < lines.count {
            if !lines[index].isEmpty {
                _ = collectBlock(lines, &index, inHeader: true, seenCue: &seenCue, regions: regions,
                                 file: file, problems: &problems, warnings: &warnings)
            } else {
                index += 1
            }
        }
        while index < lines.count, lines[index].isEmpty { index += 1 }

        // Block loop.
        while index < lines.count {
            switch collectBlock(lines, &index, inHeader: false, seenCue: &seenCue, regions: regions,
                                file: file, problems: &problems, warnings: &warnings) {
            case .cue(var cue, let textLine):
                guard cues.count < CaptionLimits.maximumCueCount else {
                    throw CaptionError(file: file, line: cue.sourceLine,
                                       "more than \(CaptionLimits.maximumCueCount) cues (the most a file may have)")
                }
                if cue.end < cue.start {
                    problems.append(CaptionProblem(line: cue.sourceLine, message:
                        "the cue ends at \(cue.end), before it starts (\(cue.start)): it would never show"))
                } else if cue.end == cue.start {
                    warnings.append(CaptionProblem(line: cue.sourceLine, message: "the cue ends when it starts (\(cue.start)); it is skipped"))
                    continue
                }
                let text = cue.nodes.first.map { $0.plainText } ?? ""
                let parsed = WebVTTCueTextParser.parse(text)
                for message in Set(parsed.warnings).sorted() {
                    warnings.append(CaptionProblem(line: textLine, message: message))
                }
                cue.nodes = parsed.nodes
                let timed = CaptionCue.wordsFromTimestamps(parsed.nodes, start: cue.start, end: cue.end)
                cue.words = timed.words
                for time in timed.ignored {
                    warnings.append(CaptionProblem(line: textLine, message:
                        "the timestamp <\(time)> is not after the cue's start and the previous timestamp and before its end (\(cue.end)); it is ignored"))
                }
                cues.append(cue)
            case .style(let css):
                styleSheets.append(css)
            case .region(let text, let line):
                let (region, skipped) = WebVTTCueSettings.region(text)
                for setting in skipped {
                    warnings.append(CaptionProblem(line: line, message: "region setting \"\(setting)\" is not understood; it is ignored"))
                }
                regions.append(region)
            case .other(let firstLine, let blockLines):
                let head = blockLines.first.map { $0.string } ?? ""
                if head.hasPrefix("NOTE") && (head.count == 4 || head.dropFirst(4).first?.isWhitespace == true) { break }
                if let line = blockLines.prefix(2).firstIndex(where: looksLikeTiming) {
                    let problem = timingProblem(blockLines[line], expectArrow: true)
                    problems.append(CaptionProblem(line: firstLine + line, column: problem.column > 1 ? problem.column : nil, message: problem.message))
                } else if (head == "STYLE" || head == "REGION" || head.hasPrefix("STYLE ") || head.hasPrefix("REGION ")) && seenCue {
                    warnings.append(CaptionProblem(line: firstLine, message:
                        "a \(head.hasPrefix("STYLE") ? "STYLE" : "REGION") block after the first cue is ignored (they go before the cues)"))
                } else {
                    warnings.append(CaptionProblem(line: firstLine, message:
                        "this block is not a cue (it has no \"start --> end\" line) and is ignored"))
                }
            case .failedCue:
                break
            }
            while index < lines.count, lines[index].isEmpty { index += 1 }
        }

        if let crowded = CaptionTrack.crowdedCue(cues) {
            problems.append(CaptionProblem(line: cues[crowded.index].sourceLine, message: CaptionTrack.crowdedMessage(at: crowded.at)))
        }
        guard problems.isEmpty else { throw CaptionError(file: file, problems: problems) }
        return CaptionTrack(format: .webVTT, cues: CaptionTrack.displayOrder(cues), regions: regions,
                            styleSheets: styleSheets, warnings: warnings)
    }

    /// "Collect a WebVTT block", from `index`; leaves `index` after the block.
    private static func collectBlock(_ lines: [ArraySlice<Unicode.Scalar>], _ index: inout Int, inHeader: Bool,
                                     seenCue: inout Bool, regions: [CaptionRegion], file: String,
                                     problems: inout [CaptionProblem], warnings: inout [CaptionProblem]) -> Block {
        let firstLine = index + 1
        var lineCount = 0
        var previous = index
        var buffer: [ArraySlice<Unicode.Scalar>] = []
        var seenArrow = false
        var cue: CaptionCue?
        var failedCue = false
        var isStyle = false, isRegion = false
        var textLine = 0
        while index < lines.count {
            let line = lines[index]
            let lineNumber = index + 1
            index += 1
            lineCount += 1
            if line.contains("-->") {
                if !inHeader && (lineCount == 1 || (lineCount == 2 && !seenArrow)) {
                    seenArrow = true
                    previous = index
                    switch timings(line, regions: regions) {
                    case .success(let (start, end, settings, skipped)):
                        cue = CaptionCue(id: buffer.map(\.string).joined(separator: "\n"), start: start, end: end,
                                         settings: settings, nodes: [], sourceLine: lineNumber)
                        for setting in skipped {
                            warnings.append(CaptionProblem(line: lineNumber, message: settingWarning(setting)))
                        }
                        buffer = []
                        seenCue = true
                        textLine = lineNumber + 1
                    case .failure(let problem):
                        problems.append(CaptionProblem(line: lineNumber, column: problem.column > 1 ? problem.column : nil, message: problem.message))
                        cue = nil
                        failedCue = true
                    }
                } else {
                    index = previous
                    break
                }
            } else if line.isEmpty {
                break
            } else {
                if !inHeader && lineCount == 2 && !seenCue && buffer.count == 1 {
                    let head = buffer[0]
                    if head.starts(with: "STYLE".unicodeScalars) && head.dropFirst(5).isASCIIWhitespaceOnly {
                        isStyle = true
                        buffer = []
                    } else if head.starts(with: "REGION".unicodeScalars) && head.dropFirst(6).isASCIIWhitespaceOnly {
                        isRegion = true
                        buffer = []
                    }
                }
                buffer.append(line)
                previous = index
            }
        }
        let text = buffer.map(\.string).joined(separator: "\n")
        if var cue {
            // The raw text travels in the first node until the caller parses it.
            cue.nodes = [.text(text)]
            return .cue(cue, textLine: textLine)
        }
        if failedCue { return .failedCue }
        if isStyle { return .style(text) }
        if isRegion { return .region(text, line: firstLine) }
        return .other(firstLine: firstLine, lines: buffer)
    }

    /// "Collect WebVTT cue timings and settings" from a line.
    private static func timings(_ line: ArraySlice<Unicode.Scalar>, regions: [CaptionRegion])
        -> Result<(CaptionTime, CaptionTime, CueSettings, [String]), TimingProblem> {
        var p = line.startIndex
        func skipWhitespace() { while p < line.endIndex, line[p].isASCIIWhitespace { p += 1 } }
        skipWhitespace()
        guard case .success(let start) = WebVTTTimestamp.collect(line, at: &p) else {
            return .failure(timingProblem(line, expectArrow: true))
        }
        skipWhitespace()
        guard line[p...].starts(with: "-->".unicodeScalars) else { return .failure(timingProblem(line, expectArrow: true)) }
        p += 3
        skipWhitespace()
        guard case .success(let end) = WebVTTTimestamp.collect(line, at: &p) else {
            return .failure(timingProblem(line, expectArrow: true))
        }
        var settings = CueSettings()
        let skipped = WebVTTCueSettings.apply(line[p...].string, regions: regions, to: &settings)
        return .success((start, end, settings, skipped))
    }

    struct TimingProblem: Error {
        var column: Int
        var message: String
    }

    /// What is wrong with a line meant as `start --> end settings`, at which column.
    static func timingProblem(_ line: ArraySlice<Unicode.Scalar>, expectArrow: Bool) -> TimingProblem {
        var p = line.startIndex
        func skipWhitespace() { while p < line.endIndex, line[p].isASCIIWhitespace { p += 1 } }
        func word(from q: Int) -> String {
            var e = q
            while e < line.endIndex, !line[e].isASCIIWhitespace, !(line[e] == "-" && line[e...].starts(with: "-->".unicodeScalars)) { e += 1 }
            return line[q..<e].string
        }
        func column(_ q: Int) -> Int { q - line.startIndex + 1 }
        skipWhitespace()
        let startAt = p
        if line[p...].starts(with: "-->".unicodeScalars) {
            return TimingProblem(column: column(p), message: "a cue timing line needs a start time before \"-->\"")
        }
        if case .failure(let failure) = WebVTTTimestamp.collect(line, at: &p) {
            return TimingProblem(column: column(startAt), message: WebVTTTimestamp.message(failure, word(from: startAt)))
        }
        skipWhitespace()
        guard line[p...].starts(with: "-->".unicodeScalars) else {
            let found = word(from: p)
            return TimingProblem(column: column(p), message: found.isEmpty
                ? "expected \"-->\" and an end time after the start time"
                : "expected \"-->\" after the start time, found \"\(found)\"")
        }
        p += 3
        skipWhitespace()
        let endAt = p
        if p >= line.endIndex {
            return TimingProblem(column: column(p), message: "a cue timing line needs an end time after \"-->\"")
        }
        if case .failure(let failure) = WebVTTTimestamp.collect(line, at: &p) {
            return TimingProblem(column: column(endAt), message: WebVTTTimestamp.message(failure, word(from: endAt)))
        }
        return TimingProblem(column: column(p), message: "not a cue timing line")
    }

    /// A line that starts like a time (`00:01`, `1:02:03`): a timing line with a mistyped arrow.
    private static func looksLikeTiming(_ line: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = line.startIndex
        while p < line.endIndex, line[p].isASCIIWhitespace { p += 1 }
        let digitsStart = p
        while p < line.endIndex, line[p].isASCIIDigit { p += 1 }
        guard p > digitsStart, p + 1 < line.endIndex, line[p] == ":", line[p + 1].isASCIIDigit else { return false }
        // "12:30 is lunch" is text; a time followed by an arrow-like mark is not.
        let rest = line[p...].string
        return ["->", "—>", "–>", "→", "=>", "- ->", "-- >", "<--", "-- "].contains { rest.contains($0) }
            || rest.filter({ $0 == ":" }).count >= 3
    }

    private static func settingWarning(_ setting: String) -> String {
        if setting.hasPrefix("region:") {
            return "cue setting \"\(setting)\": no REGION block before the cue has that id; it is ignored"
        }
        return "cue setting \"\(setting)\" is not understood (settings: vertical:rl|lr, line:N|N%[,start|center|end], "
            + "position:N%[,line-left|center|line-right], size:N%, align:start|center|end|left|right, region:ID); it is ignored"
    }
}
