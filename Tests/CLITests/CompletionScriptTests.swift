import Foundation
import Testing

/// The shell completions `make install` puts in place, as the real binary writes them: each
/// parses in its own shell (`bash -n`, `zsh -n`, `fish -n`) and offers the newest options.
///
/// bash, zsh and fish are test-level packages (scripts/install-deps.sh), so every CI machine
/// checks all three.
@Suite struct CompletionScriptTests {
    @Test("each completion script parses in its shell and completes --progress and serve", arguments: ["bash", "zsh", "fish"])
    func parses(shell: String) throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let generated = try CLI.run(["--generate-completion-script", shell], in: dir.url)
        #expect(generated.status == 0, "\(generated)")
        #expect(generated.stdout.contains("--progress"), "the \(shell) completion lacks --progress")
        #expect(generated.stdout.contains("serve"), "the \(shell) completion lacks the serve command")
        let script = try dir.write("texteffects.\(shell)", generated.stdout)

        let check = try Self.run(shell, ["-n", script.path])
        #expect(check.status == 0, "\(shell) -n: \(check.errors)")

        // A script with a syntax error is refused, so a pass above means the shell really parsed.
        let broken = try dir.write("broken.\(shell)", generated.stdout + "\nif then fi ( }\n")
        #expect(try Self.run(shell, ["-n", broken.path]).status != 0, "\(shell) -n accepts anything")
    }

    /// Runs `shell arguments…`, found on the PATH, and waits for it.
    private static func run(_ shell: String, _ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [shell] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }
}
