import ArgumentParser
import Foundation
import Testing
@testable import TextEffectsCLI

/// A command that finished its output exits 0 even when SIGINT or SIGTERM arrives after the
/// final rename; before that, the signal still makes it exit 128 + the signal.
@Suite("signals after the output is committed")
struct CommittedOutputTests {
    @Test("after run(): no signal is success; a signal before the commit is 128 + it; after the commit, success")
    func decision() {
        #expect(Interruption.exitCodeAfterRun(signal: nil, committed: false) == nil)
        #expect(Interruption.exitCodeAfterRun(signal: nil, committed: true) == nil)
        #expect(Interruption.exitCodeAfterRun(signal: SIGTERM, committed: false) == ExitCode(143))
        #expect(Interruption.exitCodeAfterRun(signal: SIGINT, committed: false) == ExitCode(130))
        #expect(Interruption.exitCodeAfterRun(signal: SIGTERM, committed: true) == nil)
        #expect(Interruption.exitCodeAfterRun(signal: SIGINT, committed: true) == nil)
    }
}
