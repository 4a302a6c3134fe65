import Foundation

/// Colours code with Pygments: every snippet of a document in one batch, each snippet looked
/// up first in memory, then in the disk cache, and only the rest handed to one run of the
/// Python program (`PygmentsDriver`). A snippet that cannot be coloured — no Python or no
/// Pygments, a language Pygments does not know, code over the size limit, a run that failed or
/// took too long — comes back as such, and is shown plain with a warning: never a failed document.
///
/// Why Pygments: about 550 languages (GitHub's common fences all have a lexer), maintained,
/// packaged by Debian (`python3-pygments`, 4.2 MB), and its token types are stable names the
/// themes map to GitHub's colours. KSyntaxHighlighting would bring Qt 5 (about 23 MB of
/// libraries, and a C++ target); GNU source-highlight has no Swift, Rust, YAML or TypeScript
/// definitions and no release since 2019. docs/SCENE-FORMAT.md gives the measured costs.
package final class CodeHighlighter: @unchecked Sendable {
    /// The highlighter scenes and `TextLayout(MarkdownView)` use: Python and the cache folder
    /// from the environment (see `defaultPython()` and `defaultCacheDirectory()`).
    package static let shared = CodeHighlighter()

    /// Bytes of code in one snippet Pygments is given at most; longer code is shown plain.
    package static let maximumSnippetBytes = 100_000
    /// Bytes of code one batch hands Pygments at most; snippets past it are shown plain.
    package static let maximumBatchBytes = 1_000_000
    /// Snippets kept in memory; past it the memory is emptied (the disk cache still has them).
    static let memoryLimit = 4096

    let python: URL?
    let cache: HighlightCache?
    let timeout: Double
    private let lock = NSLock()
    private var memory: [CodeSnippet: HighlightResult] = [:]
    private var launchCount = 0

    /// - Parameters:
    ///   - python: the interpreter that imports Pygments; nil: there is none (code stays plain).
    ///   - cacheDirectory: where coloured snippets are kept between processes; nil: memory only.
    ///   - timeout: seconds one run may take before it is stopped and its snippets shown plain.
    package init(python: URL? = CodeHighlighter.defaultPython(), cacheDirectory: URL? = CodeHighlighter.defaultCacheDirectory(),
                 timeout: Double = 20) {
        self.python = python
        self.cache = cacheDirectory.map(HighlightCache.init(directory:))
        self.timeout = timeout
    }

    /// How many times this highlighter started Python: 0 for a document found in the caches.
    package var launches: Int { lock.withLock { launchCount } }

    /// The result of every snippet, in order, starting Python at most once.
    package func highlight(_ snippets: [CodeSnippet]) -> [HighlightResult] {
        lock.lock()
        defer { lock.unlock() }
        var results = snippets.map { memory[$0] }
        var missing = results.indices.filter { results[$0] == nil }
        guard !missing.isEmpty else { return results.map { $0! } }

        // Sizes first: what Pygments would be slow on is never handed to it.
        var batchBytes = 0
        missing = missing.filter { index in
            let bytes = snippets[index].code.utf8.count
            if bytes > Self.maximumSnippetBytes {
                results[index] = .unavailable(reason: "the code is \(bytes) bytes long; at most \(Self.maximumSnippetBytes) are coloured")
                return false
            }
            if batchBytes + bytes > Self.maximumBatchBytes {
                results[index] = .unavailable(reason: "the document's code passes \(Self.maximumBatchBytes) bytes; the rest is not coloured")
                return false
            }
            batchBytes += bytes
            return true
        }
        guard let python else {
            for index in missing { results[index] = .unavailable(reason: Self.missingReason) }
            return finish(results)
        }

        // The disk cache, under the version Pygments had when last asked.
        let installation = cache.flatMap { PygmentsInstallation.remembered(for: python, in: $0.directory) }
        if let cache, let installation {
            missing = missing.filter { index in
                let snippet = snippets[index], version = installation.version
                guard let stored = cache.read(cache.key(for: snippet, version: version), for: snippet, version: version) else { return true }
                results[index] = stored
                memory[snippets[index]] = stored
                return false
            }
        }
        guard !missing.isEmpty else { return finish(results) }

        launchCount += 1
        switch PygmentsDriver.run(python: python, snippets: missing.map { snippets[$0] }, timeout: timeout) {
        case .success(let reply):
            if let cache, installation?.version != reply.version || installation?.module != reply.module {
                PygmentsInstallation(python: python, module: reply.module, version: reply.version)?.remember(in: cache.directory)
            }
            for (index, result) in zip(missing, reply.results) {
                results[index] = result
                memory[snippets[index]] = result
                if let cache {
                    cache.write(result, for: cache.key(for: snippets[index], version: reply.version), snippet: snippets[index], version: reply.version)
                }
            }
        case .failure(let failure):
            let reason = failure.isMissing ? Self.missingReason + " (\(failure.reason))" : failure.reason
            for index in missing {
                results[index] = .unavailable(reason: reason)
                // A missing Pygments stays missing for this process: asked once, not per document.
                if failure.isMissing { memory[snippets[index]] = results[index] }
            }
        }
        return finish(results)
    }

    /// The results, every one filled, keeping memory within its limit.
    private func finish(_ results: [HighlightResult?]) -> [HighlightResult] {
        if memory.count > Self.memoryLimit { memory.removeAll(keepingCapacity: true) }
        return results.map { $0 ?? .unavailable(reason: "not coloured") }
    }

    private static let missingReason = "Pygments is not installed (Debian: apt-get install python3-pygments; or set TEXTEFFECTS_PYTHON to a Python that has it)"

    /// The Python that colours code: `TEXTEFFECTS_PYTHON` when set (empty: none, code stays
    /// plain), else Debian's `/usr/bin/python3` (where `python3-pygments` installs), else the
    /// first `python3` on `PATH`.
    package static func defaultPython(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let chosen = environment["TEXTEFFECTS_PYTHON"] { return chosen.isEmpty ? nil : URL(fileURLWithPath: chosen) }
        let manager = FileManager.default
        if manager.isExecutableFile(atPath: "/usr/bin/python3") { return URL(fileURLWithPath: "/usr/bin/python3") }
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/python3"
            if manager.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }

    /// `highlight/` in texteffects' cache folder: `TEXTEFFECTS_CACHE_DIR` when set (empty: no
    /// disk cache), else `$XDG_CACHE_HOME/texteffects`, else `~/.cache/texteffects`.
    package static func defaultCacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        let root: URL
        if let chosen = environment["TEXTEFFECTS_CACHE_DIR"] {
            guard !chosen.isEmpty else { return nil }
            root = URL(fileURLWithPath: chosen)
        } else if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            root = URL(fileURLWithPath: xdg).appendingPathComponent("texteffects")
        } else if let home = environment["HOME"], !home.isEmpty {
            root = URL(fileURLWithPath: home).appendingPathComponent(".cache/texteffects")
        } else {
            return nil
        }
        return root.appendingPathComponent("highlight")
    }
}
