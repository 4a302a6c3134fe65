// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// What SIGINT (Ctrl-C) and SIGTERM do: rendering stops between frames, ffmpeg is killed, every
/// unfinished file is removed (frames already written stay, each complete), and the process
/// exits with 128 + the signal: 130 or 143.
///
/// The signal handler only writes the signal's number to a pipe (all a handler may safely do);
/// a thread of its own reads it, sets the flag the render loop checks, and kills ffmpeg, so a
/// frame blocked on ffmpeg's pipe fails at once. The command then unwinds (cancelling its
/// outputs) and exits with `exitCode`. If it has not within `grace` (a frame that takes long
/// to draw, a layout under way), the thread removes the registered temporary files itself
/// and exits.
enum Interruption {
    /// How long the command gets to stop by itself.
    static let grace: TimeInterval = 0.5

    /// The self-pipe: the handler writes to `write`, the watcher thread reads `read`. A `let`,
    /// so the handler reads it without an exclusivity check.
    private static let selfPipe: (read: Int32, write: Int32) = {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return (-1, -1) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return (fds[0], fds[1])
    }()
    private static let lock = NSLock()
    nonisolated(unsafe) private static var received: Int32 = 0
    /// Whether the command's final output is in place (guarded by `lock`).
    nonisolated(unsafe) private static var committed = false
    /// Work that must happen even when the command does not stop in time (guarded by `lock`).
    nonisolated(unsafe) private static var finishers: [@Sendable () -> Void] = []

    /// Runs `body` before the process exits on its own after an interruption the command did
    /// not stop within `grace` for: a batch puts the manifest of the rows done in place.
    static func beforeForcedExit(_ body: @escaping @Sendable () -> Void) {
        lock.withLock { finishers.append(body) }
    }

    /// Installs the handlers; call once, first thing.
    static func install() {
        guard selfPipe.write >= 0 else { return }
        // A parent may have started us with these signals blocked (a test runner's Process
        // does): unblock them before any thread starts, so every thread inherits that.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        Thread.detachNewThread { watch() }
        for number in [SIGINT, SIGTERM] {
            _ = Foundation.signal(number) { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = Foundation.write(Interruption.selfPipe.write, &byte, 1)
                errno = saved
            }
        }
    }

    /// The signal received, or nil.
    static var signal: Int32? {
        lock.lock()
        defer { lock.unlock() }
        return received == 0 ? nil : received
    }

    /// Whether the process was told to stop: the render loop's cancellation check.
    static var isRequested: Bool { signal != nil }

    /// `ExitCode(128 + signal)` once interrupted.
    static var exitCode: ExitCode? { signal.map { ExitCode(128 + $0) } }

    /// Records that the command's final output is complete and renamed into place: a signal
    /// arriving from now on no longer turns the finished command into a failure.
    static func outputCommitted() {
        lock.withLock { committed = true }
    }

    /// Whether `outputCommitted()` was called.
    static var isCommitted: Bool { lock.withLock { committed } }

    /// How a command that returned ends: `nil` (success) when no signal arrived or its final
    /// output was already committed when one did, else `ExitCode(128 + signal)`.
    static func exitCodeAfterRun(signal: Int32?, committed: Bool) -> ExitCode? {
        guard let signal, !committed else { return nil }
        return ExitCode(128 + signal)
    }

    /// The watcher thread: waits for a signal, then stops the work.
    private static func watch() {
        var byte: UInt8 = 0
        while Foundation.read(selfPipe.read, &byte, 1) != 1 {
            if errno != EINTR { return }
        }
        let number = Int32(byte)
        lock.lock()
        received = number
        lock.unlock()
        ChildProcess.stopAll()
        Thread.sleep(forTimeInterval: grace)
        // The command did not stop by itself: finish what must be, remove what it left
        // unfinished, and exit; a command whose output was already in place succeeded.
        for finish in lock.withLock({ finishers }) { finish() }
        TemporaryFiles.shared.removeAll()
        _exit(exitCodeAfterRun(signal: number, committed: isCommitted)?.rawValue ?? 0)
    }

    /// Exits 128 + the signal when one arrived; a command calls this when it has cleaned up.
    static func exitIfRequested() throws {
        if let exitCode {
            let name = signal == SIGINT ? "SIGINT" : "SIGTERM"
            // Clear a progress bar's line first (written as it is: printError would show the escape).
            if isatty(STDERR_FILENO) == 1 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
            SceneLoading.printError("texteffects: interrupted by \(name); unfinished files removed")
            throw exitCode
        }
    }

    /// The check after a command's `run()` returned: exits 128 + the signal when one arrived,
    /// unless the command's final output was committed first (then it finished: exit 0).
    static func exitIfRequestedAfterRun() throws {
        guard exitCodeAfterRun(signal: signal, committed: isCommitted) != nil else { return }
        try exitIfRequested()
    }
}
#endif
