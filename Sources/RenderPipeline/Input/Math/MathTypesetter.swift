import Foundation

/// Typesets formulas with LaTeX (amsmath, amssymb) and dvisvgm, as Manim does: all of a
/// document's uncached formulas in one TeX run, one page each, then one dvisvgm run over the
/// pages, each page's SVG (glyphs as paths) cut to the formula's box as TeX measured it.
///
/// Results are kept in memory and on disk (`cacheDirectory`, by default
/// `$XDG_CACHE_HOME/texteffects/math`, else `~/.cache/texteffects/math`), keyed by the engine
/// (the latex and dvisvgm executables' identity and this preamble's version), the formula and
/// whether it is display math. The text's size is not part of the key: the SVG is vectors, drawn
/// at any size. A formula TeX rejects is remembered too (it fails the same way each time); one
/// stopped by the timeout is not written to disk.
package final class MathTypesetter: @unchecked Sendable {
    /// The typesetter scenes use, with the default cache folder.
    public static let shared = MathTypesetter(cacheDirectory: MathTypesetter.defaultCacheDirectory)

    /// Where typeset formulas are kept between runs; `nil` keeps them in memory only.
    public let cacheDirectory: URL?
    private let lock = NSLock()
    private var memory: [Key: MathResult] = [:]
    private var engineProbe: Engine??
    /// How many TeX runs this typesetter has started: tests read it to see a cache hit.
    public private(set) var texRuns = 0

    /// Bumped when the preamble or the way pages become boxes changes, so old cache entries are not used.
    static let preambleVersion = "3"

    /// How long one TeX run may take (`MathLimits.texTimeout`; tests shorten it).
    let texTimeout: Double

    public init(cacheDirectory: URL?, texTimeout: Double = MathLimits.texTimeout) {
        self.cacheDirectory = cacheDirectory
        self.texTimeout = texTimeout
    }

    /// `$XDG_CACHE_HOME/texteffects/math`, else `~/.cache/texteffects/math`.
    public static var defaultCacheDirectory: URL? {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("texteffects/math")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home).appendingPathComponent(".cache/texteffects/math")
    }

    struct Key: Hashable {
        var source: String
        var isDisplay: Bool
        init(_ formula: MathFormula) {
            source = formula.source
            isDisplay = formula.isDisplay
        }
    }

    /// The result of a formula typeset before (in memory), or nil.
    public func cachedResult(for formula: MathFormula) -> MathResult? {
        lock.withLock { memory[Key(formula)] }
    }

    /// Typesets `formulas` (at most `MathLimits.maximumFormulasPerDocument` distinct ones; later
    /// ones fail), from the caches where it can and in one TeX run for the rest.
    public func typeset(_ formulas: [MathFormula]) -> [MathFormula: MathResult] {
        lock.withLock {
            var results: [MathFormula: MathResult] = [:]
            var pending: [Key] = []
            var seen = Set<Key>()
            for formula in formulas {
                let key = Key(formula)
                if seen.contains(key) { continue }
                seen.insert(key)
                if seen.count > MathLimits.maximumFormulasPerDocument {
                    results[formula] = .failure("the document has more than \(MathLimits.maximumFormulasPerDocument) formulas")
                } else if formula.source.count > MathLimits.maximumFormulaCharacters {
                    results[formula] = .failure("it is longer than \(MathLimits.maximumFormulaCharacters) characters")
                } else if let known = memory[key] {
                    results[formula] = known
                } else if let engine = engine(), let stored = readCache(key, engine: engine) {
                    memory[key] = stored
                    results[formula] = stored
                } else {
                    pending.append(key)
                }
            }
            if !pending.isEmpty {
                let typeset: [Key: (MathResult, cacheable: Bool)]
                if let engine = engine() {
                    typeset = run(pending, engine: engine)
                } else {
                    let reason = ProcessInfo.processInfo.environment["TEXTEFFECTS_MATH"] == "off" ? "TEXTEFFECTS_MATH=off"
                        : "math needs latex and dvisvgm on PATH (Debian: texlive-latex-base, dvisvgm)"
                    typeset = Dictionary(uniqueKeysWithValues: pending.map { ($0, (MathResult.failure(reason), false)) })
                }
                for (key, (result, cacheable)) in typeset {
                    memory[key] = result
                    if cacheable, let engine = engine() { writeCache(key, result, engine: engine) }
                }
            }
            for formula in formulas where results[formula] == nil {
                results[formula] = memory[Key(formula)] ?? .failure("it was not typeset")
            }
            return results
        }
    }

    // MARK: The engine

    /// The latex and dvisvgm executables and what identifies their versions.
    struct Engine {
        var latex: String
        var dvisvgm: String
        var version: String
    }

    /// The engine on PATH, looked up once; nil when either program is missing.
    private func engine() -> Engine? {
        if let engineProbe { return engineProbe }
        let found = Self.findEngine()
        engineProbe = .some(found)
        return found
    }

    private static func findEngine() -> Engine? {
        // `TEXTEFFECTS_MATH=off` runs no TeX (the fuzzers set it: a TeX run an input would cap
        // their rate at a few inputs a second); every formula then shows its source.
        if ProcessInfo.processInfo.environment["TEXTEFFECTS_MATH"] == "off" { return nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        func find(_ name: String) -> String? {
            for folder in path.split(separator: ":") where !folder.isEmpty {
                let candidate = "\(folder)/\(name)"
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            }
            return nil
        }
        guard let latex = find("latex"), let dvisvgm = find("dvisvgm") else { return nil }
        // The programs' own files (latex is a link to pdftex): a new version is a new file.
        func identity(_ path: String) -> String {
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            let attributes = try? FileManager.default.attributesOfItem(atPath: resolved)
            let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
            let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            return "\(resolved):\(size):\(Int(modified))"
        }
        return Engine(latex: latex, dvisvgm: dvisvgm,
                      version: "\(preambleVersion)|\(identity(latex))|\(identity(dvisvgm))")
    }

    // MARK: Running TeX

    /// Typesets `keys` in as few TeX runs as it takes: one, unless a formula stops TeX (a fatal
    /// error, or a loop stopped by the timeout); that one fails and the rest run again.
    private func run(_ keys: [Key], engine: Engine) -> [Key: (MathResult, cacheable: Bool)] {
        var results: [Key: (MathResult, cacheable: Bool)] = [:]
        var remaining = keys
        while !remaining.isEmpty {
            let batch = runBatch(remaining, engine: engine)
            results.merge(batch) { _, new in new }
            let before = remaining.count
            remaining.removeAll { results[$0] != nil }
            if remaining.count == before {
                for key in remaining { results[key] = (.failure("TeX stopped before it"), false) }
                break
            }
        }
        return results
    }

    /// One TeX run over `keys`, one page each, and one dvisvgm run over its pages. Formulas TeX
    /// did not reach (after one that stopped it) are missing from the result.
    private func runBatch(_ keys: [Key], engine: Engine) -> [Key: (MathResult, cacheable: Bool)] {
        texRuns += 1
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-math-\(UUID().uuidString)")
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            return Dictionary(uniqueKeysWithValues: keys.map { ($0, (.failure("no temporary folder: \(error)"), false)) })
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        // Markers no formula can forge: it cannot know this run's name.
        let mark = "texteffects" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        var document = """
            \\documentclass{article}
            \\usepackage{amsmath,amssymb}
            \\pagestyle{empty}
            \\newsavebox\\texteffectsbox
            \\newwrite\\texteffectsprogress
            \\begin{document}

            """
        for (index, key) in keys.enumerated() {
            // The source on lines of its own, so a `%` comment in it ends with its line.
            document += """
                \\immediate\\openout\\texteffectsprogress=begun-\(index).txt\\immediate\\closeout\\texteffectsprogress
                \\typeout{\(mark)-begin \(index)}%
                \\sbox\\texteffectsbox{$\(key.isDisplay ? "\\displaystyle" : "")
                \(Self.mathModeSource(key.source))
                $}%
                \\typeout{\(mark)-box \(index) \\the\\wd\\texteffectsbox\\space\\the\\ht\\texteffectsbox\\space\\the\\dp\\texteffectsbox}%
                \\shipout\\hbox{\\smash{\\usebox\\texteffectsbox}}%
                \\typeout{\(mark)-end \(index)}%

                """
        }
        document += "\\end{document}\n"
        do { try Data(document.utf8).write(to: folder.appendingPathComponent("math.tex")) } catch {
            return Dictionary(uniqueKeysWithValues: keys.map { ($0, (.failure("cannot write TeX input: \(error)"), false)) })
        }
        let tex: TeXProcess.Outcome
        do {
            tex = try TeXProcess(executable: engine.latex, arguments: ["-interaction=nonstopmode", "-no-shell-escape", "math.tex"],
                                 folder: folder, timeout: texTimeout).run()
        } catch {
            return Dictionary(uniqueKeysWithValues: keys.map { ($0, (.failure("latex did not start: \(error)"), false)) })
        }

        // What the run said about each formula, in order.
        struct Report {
            var box: (width: Double, height: Double, depth: Double)?
            var errors: [String] = []
            var ended = false
        }
        var reports: [Int: Report] = [:]
        var current: Int?
        for line in tex.output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("\(mark)-") {
                let fields = line.dropFirst(mark.count + 1).split(separator: " ")
                guard fields.count >= 2, let index = Int(fields[1]), index < keys.count else { continue }
                switch fields[0] {
                case "begin":
                    current = index
                    reports[index] = Report()
                case "box" where fields.count == 5:
                    let numbers = fields[2...4].map { Double($0.dropLast(2)) ?? 0 }
                    reports[index]?.box = (numbers[0], numbers[1], numbers[2])
                case "end":
                    reports[index]?.ended = true
                    current = nil
                default: break
                }
            } else if line.hasPrefix("! "), let current {
                reports[current]?.errors.append(String(line.dropFirst(2)))
            }
        }

        var results: [Key: (MathResult, cacheable: Bool)] = [:]
        if tex.timedOut {
            // TeX's terminal output lags behind a killed run; the files it closed do not: the
            // last formula begun is the one that looped. The others run again.
            let begun = keys.indices.last {
                FileManager.default.fileExists(atPath: folder.appendingPathComponent("begun-\($0).txt").path)
            }
            if let begun { results[keys[begun]] = (.failure("TeX took longer than \(Int(texTimeout)) s (a loop?)"), false) }
            return results
        }
        var pages: [Int: Int] = [:]  // formula index → its page
        var page = 0
        for index in keys.indices {
            guard let report = reports[index] else { break }
            if !report.ended {
                let reason = tex.timedOut ? "TeX took longer than \(Int(texTimeout)) s (a loop?)"
                    : "TeX stopped: \(report.errors.first { $0 != "Emergency stop." } ?? report.errors.last ?? "exit status \(tex.exitStatus)")"
                results[keys[index]] = (.failure(reason), !tex.timedOut)
                // A stopped run's DVI is not finished: the formulas before this one run again.
                pages.removeAll()
                break
            }
            page += 1
            if let error = report.errors.first {
                results[keys[index]] = (.failure("TeX: \(error)"), true)
            } else {
                pages[index] = page
            }
        }
        guard !pages.isEmpty else { return results }

        let svg: TeXProcess.Outcome
        do {
            svg = try TeXProcess(executable: engine.dvisvgm,
                                 arguments: ["--no-fonts", "--exact-bbox", "--page=1-", "--output=page-%p.svg", "math.dvi"],
                                 folder: folder, timeout: MathLimits.dvisvgmTimeout).run()
        } catch {
            for index in pages.keys { results[keys[index]] = (.failure("dvisvgm did not start: \(error)"), false) }
            return results
        }
        // Page files by number, however dvisvgm pads them.
        var files: [Int: URL] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where name.hasPrefix("page-") {
            if let number = Int(name.dropFirst(5).dropLast(4)) { files[number] = folder.appendingPathComponent(name) }
        }
        for (index, page) in pages {
            let key = keys[index]
            guard let file = files[page], let data = try? Data(contentsOf: file), let box = reports[index]?.box else {
                results[key] = (.failure(svg.timedOut ? "dvisvgm took longer than \(Int(MathLimits.dvisvgmTimeout)) s"
                                         : "dvisvgm made no picture of it"), false)
                continue
            }
            results[key] = (Self.box(svg: data, texBox: box, formula: key), true)
        }
        return results
    }

    /// Display environments that MathJax (and so GitHub) accepts inside `$$…$$` but LaTeX only
    /// outside math, with the math-mode environment that sets the same lines.
    private static let displayEnvironments: KeyValuePairs<String, String> = [
        "align*": "aligned", "align": "aligned", "gather*": "gathered", "gather": "gathered",
        "multline*": "gathered", "multline": "gathered", "eqnarray*": "aligned", "eqnarray": "aligned",
        "equation*": "", "equation": "",
    ]

    /// `source` with `\begin{align}` and its kin (written by people and language models inside
    /// `$$…$$`) as their math-mode forms (`aligned`), and without `\label`s (nothing refers to them).
    static func mathModeSource(_ source: String) -> String {
        guard source.contains("\\begin{") || source.contains("\\label") else { return source }
        var result = source
        for (environment, replacement) in displayEnvironments {
            let begin = replacement.isEmpty ? "" : "\\begin{\(replacement)}", end = replacement.isEmpty ? "" : "\\end{\(replacement)}"
            result = result.replacingOccurrences(of: "\\begin{\(environment)}", with: begin)
                .replacingOccurrences(of: "\\end{\(environment)}", with: end)
        }
        return result.replacing(/\\label\{[^{}]*\}/, with: "")
    }

    /// TeX's points in a big point (1/72 inch, dvisvgm's unit).
    private static let bigPointsPerPoint = 72 / 72.27
    /// One em of the formulas (TeX's 10 pt) in big points.
    private static let em = 10 * bigPointsPerPoint

    /// The box of a page's SVG: dvisvgm's view box (the ink, with the baseline at y = 0 and
    /// the box's left edge at x = 0) joined with TeX's box, so the layout gets TeX's spacing and
    /// no ink is cut off.
    static func box(svg data: Data, texBox: (width: Double, height: Double, depth: Double), formula: Key) -> MathResult {
        guard data.count <= MathLimits.maximumSVGBytes else {
            return .failure("its SVG is larger than \(MathLimits.maximumSVGBytes) bytes")
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let open = text.range(of: "<svg "), let close = text.range(of: ">", range: open.upperBound..<text.endIndex),
              let viewBox = text[open.lowerBound..<close.upperBound].firstMatch(of: /viewBox='([^']*)'/) else {
            return .failure("dvisvgm's SVG has no view box")
        }
        let ink = viewBox.1.split(separator: " ").compactMap { Double($0) }
        guard ink.count == 4 else { return .failure("dvisvgm's SVG has no view box") }
        let width = texBox.width * bigPointsPerPoint, height = texBox.height * bigPointsPerPoint
        let depth = texBox.depth * bigPointsPerPoint
        var left = 0.0, right = width, top = -height, bottom = depth
        if ink[2] > 0 || ink[3] > 0 {
            left = Swift.min(left, ink[0])
            right = Swift.max(right, ink[0] + ink[2])
            top = Swift.min(top, ink[1])
            bottom = Swift.max(bottom, ink[1] + ink[3])
        }
        let boxWidth = right - left, boxHeight = bottom - top
        guard boxWidth > 0, boxHeight > 0 else { return .failure("it is empty") }
        guard boxWidth / em <= MathLimits.maximumFormulaEms, boxHeight / em <= MathLimits.maximumFormulaEms else {
            return .failure("it is larger than \(Int(MathLimits.maximumFormulaEms)) em")
        }
        func number(_ value: Double) -> String { String(format: "%.4f", value) }
        let root = "<svg version='1.1' xmlns='http://www.w3.org/2000/svg' xmlns:xlink='http://www.w3.org/1999/xlink' "
            + "width='\(number(boxWidth))pt' height='\(number(boxHeight))pt' "
            + "viewBox='\(number(left)) \(number(top)) \(number(boxWidth)) \(number(boxHeight))'>"
        let rewritten = root + text[close.upperBound...]
        do {
            return .box(try MathBox(svg: Data(rewritten.utf8), width: boxWidth / em, height: boxHeight / em,
                                    depth: bottom / em, name: "math: \(formula.source.prefix(60))"))
        } catch {
            return .failure("librsvg cannot read its SVG (\(error))")
        }
    }

    // MARK: The disk cache

    /// The first line of a cache file: what it holds, so a file is used only for its own key.
    private struct Header: Codable {
        var key: String
        var width: Double?
        var height: Double?
        var depth: Double?
        var failure: String?
    }

    private func cacheKey(_ key: Key, engine: Engine) -> String {
        "\(engine.version)\n\(key.isDisplay ? "display" : "inline")\n\(key.source)"
    }

    /// The cache file of `key`: named by a 64-bit FNV-1a hash of the full key, which its header repeats.
    private func cacheFile(_ key: Key, engine: Engine) -> URL? {
        guard let cacheDirectory else { return nil }
        var hash: UInt64 = 0xcbf29ce484222325
        for byte in cacheKey(key, engine: engine).utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100000001b3
        }
        let name = String(hash, radix: 16)
        return cacheDirectory.appendingPathComponent(String(repeating: "0", count: 16 - name.count) + name + ".math")
    }

    private func readCache(_ key: Key, engine: Engine) -> MathResult? {
        guard let file = cacheFile(key, engine: engine), let data = try? Data(contentsOf: file),
              let newline = data.firstIndex(of: UInt8(ascii: "\n")),
              let header = try? JSONDecoder().decode(Header.self, from: data[..<newline]),
              header.key == cacheKey(key, engine: engine) else { return nil }
        if let failure = header.failure { return .failure(failure) }
        guard let width = header.width, let height = header.height, let depth = header.depth else { return nil }
        return try? .box(MathBox(svg: Data(data[(newline + 1)...]), width: width, height: height, depth: depth,
                                 name: "math: \(key.source.prefix(60))"))
    }

    private func writeCache(_ key: Key, _ result: MathResult, engine: Engine) {
        guard let file = cacheFile(key, engine: engine), let cacheDirectory else { return }
        var header = Header(key: cacheKey(key, engine: engine))
        var body = Data()
        switch result {
        case .box(let box):
            (header.width, header.height, header.depth) = (box.width, box.height, box.depth)
            body = box.svg
        case .failure(let reason):
            header.failure = reason
        }
        guard var data = try? JSONEncoder().encode(header) else { return }
        data.append(UInt8(ascii: "\n"))
        data.append(body)
        // A cache that cannot be written only costs the next run its time.
        try? FileManager.default.createDirectory(at: cacheDirectory, withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }
}
