import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Colouring code with Pygments: batches, the disk cache, unknown languages and a missing or
/// failing Pygments. The real Pygments (`python3-pygments`, scripts/install-deps.sh run) does
/// the lexing; stand-in interpreters count runs or fail on purpose.
@Suite struct CodeHighlighterTests {
    /// A fresh folder for one test's cache and scripts.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("highlight-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// An executable shell script in `folder`.
    static func script(_ body: String, named name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try ("#!/bin/sh\n" + body + "\n").write(to: url, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        return url
    }

    /// The Python the tests colour with, wrapped so that every start is logged in `log`.
    static func countingPython(in folder: URL, log: URL) throws -> URL {
        let python = try #require(CodeHighlighter.defaultPython(environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""]))
        return try script("echo run >> '\(log.path)'\nexec '\(python.path)' \"$@\"", named: "python3", in: folder)
    }

    static func runs(_ log: URL) -> Int {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    let swift = CodeSnippet(language: "Swift", code: "let answer = 42 // six times seven\n")
    let python = CodeSnippet(language: "python", code: "def greet(name):\n    return f\"hi {name}\"\n")
    let yaml = CodeSnippet(language: "yaml title=ci.yml", code: "on: push\njobs: {}\n")

    @Test func tokensCoverTheCodeAndNameItsParts() throws {
        let highlighter = CodeHighlighter(cacheDirectory: nil)
        let results = highlighter.highlight([swift, python])
        let code = try #require(results[0].code)
        let scalars = swift.code.unicodeScalars.count
        #expect(code.tokens.reduce(0) { $0 + $1.length } == scalars)
        #expect(code.type(atScalar: 0)?.hasPrefix("Keyword") == true, "let: \(code.type(atScalar: 0) ?? "-")")
        #expect(code.type(atScalar: 4)?.hasPrefix("Name") == true, "answer: \(code.type(atScalar: 4) ?? "-")")
        #expect(code.type(atScalar: 13)?.hasPrefix("Literal.Number") == true, "42: \(code.type(atScalar: 13) ?? "-")")
        #expect(code.type(atScalar: 16)?.hasPrefix("Comment") == true, "comment: \(code.type(atScalar: 16) ?? "-")")
        let function = try #require(results[1].code)
        #expect(function.type(atScalar: 4) == "Name.Function")
        // The language is the info string's first word, in any case.
        #expect(yaml.language == "yaml" && swift.language == "swift")
    }

    @Test func aDocumentsSnippetsTakeOneRunAndASecondRunNone() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("runs.log"), cache = folder.appendingPathComponent("cache")
        let interpreter = try Self.countingPython(in: folder, log: log)

        let first = CodeHighlighter(python: interpreter, cacheDirectory: cache)
        let cold = first.highlight([swift, python, yaml])
        #expect(cold.allSatisfy { $0.code != nil })
        #expect(first.launches == 1 && Self.runs(log) == 1, "three code blocks, one process")
        #expect(first.highlight([swift, python, yaml]) == cold)
        #expect(first.launches == 1, "the same snippets again come from memory")

        // A new process (a new highlighter: empty memory) reads the disk cache and starts nothing.
        let second = CodeHighlighter(python: interpreter, cacheDirectory: cache)
        #expect(second.highlight([yaml, swift, python]) == [cold[2], cold[0], cold[1]])
        #expect(second.launches == 0 && Self.runs(log) == 1, "warm cache: the highlighter is not called")

        // Only what is new is coloured.
        let added = CodeSnippet(language: "rust", code: "fn main() {}\n")
        #expect(second.highlight([swift, added])[1].code != nil)
        #expect(second.launches == 1 && Self.runs(log) == 2)
    }

    @Test func theCacheKeyHoldsVersionLanguageAndCode() throws {
        let cache = HighlightCache(directory: URL(fileURLWithPath: "/nonexistent"))
        let key = cache.key(for: swift, version: "2.14.0")
        #expect(key.count == 16)
        #expect(key == cache.key(for: CodeSnippet(language: "swift", code: swift.code), version: "2.14.0"))
        #expect(key != cache.key(for: swift, version: "2.19.1"))
        #expect(key != cache.key(for: CodeSnippet(language: "kotlin", code: swift.code), version: "2.14.0"))
        #expect(key != cache.key(for: CodeSnippet(language: "swift", code: swift.code + " "), version: "2.14.0"))
    }

    @Test func anEntryServesOnlyItsOwnSnippet() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = HighlightCache(directory: folder)
        let tokens = HighlightResult.highlighted(HighlightedCode(types: ["Keyword"], tokens: [.init(type: 0, length: 3)]))
        let key = cache.key(for: swift, version: "2.14.0")
        cache.write(tokens, for: key, snippet: swift, version: "2.14.0")
        #expect(cache.read(key, for: swift, version: "2.14.0") == tokens)
        // Another snippet or version under the same name (a hash collision) is a miss, not its colours.
        #expect(cache.read(key, for: python, version: "2.14.0") == nil)
        #expect(cache.read(key, for: swift, version: "2.19.1") == nil)
    }

    @Test func anUnknownLanguageIsReportedAndCached() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("runs.log"), cache = folder.appendingPathComponent("cache")
        let interpreter = try Self.countingPython(in: folder, log: log)
        let unknown = CodeSnippet(language: "nosuchlanguage", code: "x = 1\n")
        #expect(CodeHighlighter(python: interpreter, cacheDirectory: cache).highlight([unknown, swift]).map { $0.code == nil } == [true, false])
        let again = CodeHighlighter(python: interpreter, cacheDirectory: cache)
        #expect(again.highlight([unknown]) == [.unknownLanguage])
        #expect(again.launches == 0, "an unknown language is not asked again")
    }

    @Test func withoutPygmentsEverySnippetIsUnavailableWithTheReason() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // No Python at all.
        let none = CodeHighlighter(python: nil, cacheDirectory: nil).highlight([swift])
        guard case .unavailable(let reason) = none[0] else { Issue.record("\(none)"); return }
        #expect(reason.contains("python3-pygments") && reason.contains("TEXTEFFECTS_PYTHON"))
        #expect(CodeHighlighter.defaultPython(environment: ["TEXTEFFECTS_PYTHON": ""]) == nil)
        // A Python without Pygments (the driver's exit status 3), asked once per process.
        let bare = try Self.script("echo \"No module named 'pygments'\" >&2\nexit 3", named: "bare", in: folder)
        let highlighter = CodeHighlighter(python: bare, cacheDirectory: nil)
        let results = highlighter.highlight([swift, python])
        #expect(results.allSatisfy { if case .unavailable(let reason) = $0 { reason.contains("No module named") } else { false } })
        _ = highlighter.highlight([swift])
        #expect(highlighter.launches == 1)
    }

    @Test func aRunThatHangsIsStoppedAndItsCodeShownPlain() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hang = try Self.script("exec sleep 30", named: "hang", in: folder)
        let results = CodeHighlighter(python: hang, cacheDirectory: nil, timeout: 0.5).highlight([swift])
        guard case .unavailable(let reason) = results[0] else { Issue.record("\(results)"); return }
        #expect(reason.contains("was stopped"))
    }

    @Test func codeOverTheLimitIsNotHandedToPygments() {
        let huge = CodeSnippet(language: "python", code: String(repeating: "x = 1\n", count: CodeHighlighter.maximumSnippetBytes / 6 + 1))
        let highlighter = CodeHighlighter(python: URL(fileURLWithPath: "/nonexistent/python3"), cacheDirectory: nil)
        guard case .unavailable(let reason) = highlighter.highlight([huge])[0] else { Issue.record("coloured"); return }
        #expect(reason.contains("at most"))
        #expect(highlighter.launches == 0)
    }

    @Test func theCacheFolderFollowsTheEnvironment() {
        #expect(CodeHighlighter.defaultCacheDirectory(environment: ["TEXTEFFECTS_CACHE_DIR": "/c"])?.path == "/c/highlight")
        #expect(CodeHighlighter.defaultCacheDirectory(environment: ["TEXTEFFECTS_CACHE_DIR": ""]) == nil)
        #expect(CodeHighlighter.defaultCacheDirectory(environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"])?.path == "/x/texteffects/highlight")
        #expect(CodeHighlighter.defaultCacheDirectory(environment: ["HOME": "/h"])?.path == "/h/.cache/texteffects/highlight")
    }
}
