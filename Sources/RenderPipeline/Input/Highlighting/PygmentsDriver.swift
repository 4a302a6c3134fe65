import Foundation

/// The Python program that colours code: one run reads every snippet of a document from a
/// request file, looks up each language's Pygments lexer and prints every snippet's tokens as
/// JSON, so a document costs at most one process however many code blocks it has.
///
/// It runs as `python3 -I -c SOURCE REQUEST`: isolated mode (`-I`), so `PYTHONPATH` and the
/// user's site folder cannot change which Pygments colours the code; the program travels
/// inside the binary, so there is no file to install beside it.
enum PygmentsDriver {
    /// The program. Its reply: `{"version", "module", "types": [type…], "blocks": [block…]}`,
    /// a block being `[type, length, type, length, …]` (lengths in Unicode scalars, adjacent
    /// tokens of one type merged), `null` for a language Pygments does not know, or a string
    /// saying why that one snippet failed. Exit status 3 when Pygments cannot be imported.
    static let source = #"""
import json, sys
try:
    import pygments
    from pygments.lexers import get_lexer_by_name
    from pygments.util import ClassNotFound
except ImportError as error:
    sys.stderr.write(str(error))
    sys.exit(3)
with open(sys.argv[1], "rb") as request_file:
    request = json.loads(request_file.read().decode("utf-8"))
types, blocks = {}, []
for block in request["blocks"]:
    try:
        lexer = get_lexer_by_name(block["language"], stripnl=False, stripall=False, ensurenl=False, tabsize=0)
    except ClassNotFound:
        blocks.append(None)
        continue
    try:
        code = block["code"]
        # Lexers expect lines to end; the added newline's token is cut off again below.
        text = code if code.endswith("\n") else code + "\n"
        runs, position = [], 0
        for index, ttype, value in lexer.get_tokens_unprocessed(text):
            if index != position:
                raise ValueError("tokens do not follow one another")
            position += len(value)
            length = len(value) - max(0, position - len(code))
            if length <= 0:
                continue
            name = str(ttype)
            kind = types.setdefault(name[6:] if name.startswith("Token.") else "", len(types))
            if runs and runs[-2] == kind:
                runs[-1] += length
            else:
                runs += [kind, length]
        if position != len(text):
            raise ValueError("tokens do not cover the code")
        blocks.append(runs)
    except Exception as error:
        blocks.append("Pygments failed on it: %s" % error)
reply = {"version": pygments.__version__, "module": pygments.__file__, "types": list(types), "blocks": blocks}
sys.stdout.buffer.write(json.dumps(reply, separators=(",", ":")).encode("utf-8"))
"""#

    /// What one run said.
    struct Reply {
        /// Pygments' version, part of every cache key.
        var version: String
        /// The path of Pygments' `__init__.py`, whose change says the version may have changed.
        var module: String
        /// One result per snippet asked for, in order.
        var results: [HighlightResult]
    }

    /// Colours `snippets` in one run of `python`; a failure of the whole run is its reason.
    static func run(python: URL, snippets: [CodeSnippet], timeout: Double) -> Result<Reply, HighlightFailure> {
        let request = FileManager.default.temporaryDirectory
            .appendingPathComponent("texteffects-highlight-\(getpid())-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: request) }
        do {
            let blocks = snippets.map { ["language": $0.language, "code": $0.code] }
            try JSONSerialization.data(withJSONObject: ["blocks": blocks]).write(to: request)
        } catch {
            return .failure(HighlightFailure("its request could not be written (\(error.localizedDescription))"))
        }
        let process = Process()
        process.executableURL = python
        process.arguments = ["-I", "-c", source, request.path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            return .failure(HighlightFailure("\(python.path) could not be started (\(error.localizedDescription))"))
        }
        // A lexer that loops on pathological input must not hang the render: a thread of its
        // own (not the dispatch pool, which may be full of layouts waiting on this very run)
        // kills the run when it outlives the timeout.
        let watch = RunWatch()
        let pid = process.processIdentifier
        Thread.detachNewThread { [watch, timeout] in watch.killUnlessFinished(pid, after: timeout) }
        nonisolated(unsafe) var errorData = Data()
        let errorsRead = NSCondition()
        nonisolated(unsafe) var errorsDone = false
        Thread.detachNewThread {
            let data = errors.fileHandleForReading.readDataToEndOfFile()
            errorsRead.lock()
            errorData = data
            errorsDone = true
            errorsRead.signal()
            errorsRead.unlock()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        // Its output ended: the run is over (or was killed), and is no longer watched.
        let killed = watch.finish()
        errorsRead.lock()
        while !errorsDone { errorsRead.wait() }
        errorsRead.unlock()
        process.waitUntilExit()
        if killed {
            return .failure(HighlightFailure("Pygments took longer than \(Int(timeout)) s and was stopped"))
        }
        let message = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if process.terminationStatus == 3 {
            return .failure(HighlightFailure("\(python.path) has no Pygments (\(message))", isMissing: true))
        }
        guard process.terminationStatus == 0 else {
            let tail = message.split(separator: "\n").last.map(String.init) ?? "exit status \(process.terminationStatus)"
            return .failure(HighlightFailure("Pygments failed (\(tail))"))
        }
        guard let reply = parse(data, count: snippets.count) else {
            return .failure(HighlightFailure("Pygments' reply could not be read"))
        }
        return .success(reply)
    }

    /// Reads the program's reply, expecting `count` blocks.
    static func parse(_ data: Data, count: Int) -> Reply? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let version = object["version"] as? String, let module = object["module"] as? String,
              let types = object["types"] as? [String], let blocks = object["blocks"] as? [Any], blocks.count == count
        else { return nil }
        var results: [HighlightResult] = []
        results.reserveCapacity(count)
        for block in blocks {
            if block is NSNull {
                results.append(.unknownLanguage)
            } else if let reason = block as? String {
                results.append(.unavailable(reason: reason))
            } else if let numbers = block as? [Int], numbers.count % 2 == 0 {
                results.append(.highlighted(HighlightedCode(compact: numbers, types: types)))
            } else {
                return nil
            }
        }
        return Reply(version: version, module: module, results: results)
    }
}

/// Why colouring could not run at all; `isMissing` when Pygments (or Python) is not installed.
struct HighlightFailure: Error {
    var reason: String
    var isMissing = false

    init(_ reason: String, isMissing: Bool = false) {
        self.reason = reason
        self.isMissing = isMissing
    }
}

/// A run's deadline: the watching thread kills the run if it has not finished in time.
private final class RunWatch: @unchecked Sendable {
    private let condition = NSCondition()
    private var finished = false
    private var killed = false

    /// Waits up to `timeout` seconds for `finish()`, then kills `pid` if it has not come.
    func killUnlessFinished(_ pid: pid_t, after timeout: Double) {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !finished, condition.wait(until: deadline) {}
        // Not finished: its output is still open, so it is running (not reaped) and the pid is its own.
        if !finished {
            killed = true
            _ = systemKill(pid, SIGKILL)
        }
    }

    /// Marks the run finished (when its output ends, before it is reaped); true when it was killed for its time.
    func finish() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        finished = true
        condition.broadcast()
        return killed
    }
}

extension HighlightedCode {
    /// Tokens from the reply's `[type, length, …]` pairs over the reply's type table, keeping only
    /// the types these tokens use (so a cached snippet stands alone).
    init(compact numbers: [Int], types: [String]) {
        var used: [Int: Int] = [:], ownTypes: [String] = [], tokens: [Token] = []
        tokens.reserveCapacity(numbers.count / 2)
        var index = 0
        while index + 1 < numbers.count {
            let type = numbers[index]
            let own: Int
            if let known = used[type] { own = known } else {
                own = ownTypes.count
                used[type] = own
                ownTypes.append(types.indices.contains(type) ? types[type] : "")
            }
            tokens.append(Token(type: own, length: numbers[index + 1]))
            index += 2
        }
        self.init(types: ownTypes, tokens: tokens)
    }

    /// The `[type, length, …]` pairs the cache stores.
    var compact: [Int] { tokens.flatMap { [$0.type, $0.length] } }
}
