import Foundation

/// A helper program (ffmpeg) fed through a pipe to its standard input, in a process group of
/// its own, with the end of its standard error kept for error messages.
///
/// Its own process group keeps the terminal's Ctrl-C (sent to the foreground group) from
/// reaching it: ffmpeg would take it as "finish the file now" and finalise a half-made
/// animation. Instead the renderer decides, and `stopAll()` kills every running child when the
/// process is interrupted. Standard error goes through a pipe read on a thread of its own
/// (no log file), keeping the last `errorTailBytes`.
package final class ChildProcess: @unchecked Sendable {
    /// Bytes of standard error kept: the last ones, where ffmpeg says why it stopped.
    static let errorTailBytes = 16 << 10

    package let pid: pid_t
    /// The write end of the child's standard input (close-on-exec, so no other child holds it).
    package let input: Int32

    private let condition = NSCondition()
    /// The raw `waitpid` status, once reaped.
    private var status: Int32?
    private var reaping = false
    private var errorTail = Data()
    private var errorsDone = false

    /// Running children, killed by `stopAll()`; `closed` once that has happened.
    private static let registry = NSLock()
    nonisolated(unsafe) private static var running: [pid_t: ChildProcess] = [:]
    nonisolated(unsafe) private static var closed = false

    /// Starts `executable` with `arguments`; standard output goes to /dev/null.
    package init(executable: URL, arguments: [String]) throws {
        var inputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard Self.makePipe(&inputPipe) else { throw OutputError.failed(executable.path, errno: errno) }
        guard Self.makePipe(&errorPipe) else {
            let code = errno
            close(inputPipe[0]); close(inputPipe[1])
            throw OutputError.failed(executable.path, errno: code)
        }
        defer { close(inputPipe[0]); close(errorPipe[1]) }

        // glibc's spawn types are structs; Darwin's are opaque pointers that `init` sets.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t = nil
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)

        #if canImport(Darwin)
        var attributes: posix_spawnattr_t = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        // The child starts with default handling of the signals this process changes.
        var defaults = sigset_t(), mask = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable.path] + arguments).map { strdup($0) } + [nil]
        let environment: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.map { strdup("\($0)=\($1)") } + [nil]
        defer { for pointer in argv + environment { free(pointer) } }

        var pid: pid_t = 0
        Self.registry.lock()
        defer { Self.registry.unlock() }
        guard !Self.closed else {
            close(inputPipe[1]); close(errorPipe[0])
            throw CancellationError()
        }
        let result = posix_spawn(&pid, executable.path, &actions, &attributes, argv, environment)
        guard result == 0 else {
            close(inputPipe[1]); close(errorPipe[0])
            throw OutputError.failed(executable.path, errno: result)
        }
        self.pid = pid
        input = inputPipe[1]
        Self.running[pid] = self
        let errors = errorPipe[0]
        Thread.detachNewThread { [self] in readErrors(errors) }
    }

    /// Kills every running child and refuses to start new ones: the process is stopping.
    package static func stopAll() {
        registry.lock()
        closed = true
        let children = Array(running.values)
        registry.unlock()
        for child in children { child.kill() }
    }

    /// Kills the child (and anything it started) at once, without letting it finish its file,
    /// and waits for it.
    package func kill() {
        condition.lock()
        // Until reaped the child is a zombie at worst, so its pid cannot name another process.
        if status == nil { _ = systemKill(-pid, SIGKILL) }
        condition.unlock()
        _ = wait()
    }

    /// Waits for the child to end and returns its raw `waitpid` status; any number of threads
    /// may wait.
    @discardableResult
    package func wait() -> Int32 {
        condition.lock()
        while status == nil && reaping { condition.wait() }
        if let status {
            condition.unlock()
            return status
        }
        reaping = true
        condition.unlock()
        // Wait without reaping, then reap under the lock, so `kill()` never signals a reused pid.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        condition.lock()
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
        status = raw
        condition.broadcast()
        condition.unlock()
        Self.registry.lock()
        Self.running[pid] = nil
        Self.registry.unlock()
        return raw
    }

    /// "exit 1" or "killed by signal 9": how a child with raw status `status` ended.
    package static func describe(_ status: Int32) -> String {
        let signal = status & 0x7f
        return signal == 0 ? "exit \((status >> 8) & 0xff)" : "killed by signal \(signal)"
    }

    /// What the child wrote to standard error (its last `errorTailBytes`), once it has ended.
    package func errorOutput() -> String {
        condition.lock()
        defer { condition.unlock() }
        // EOF comes when the child ends; a grandchild holding the pipe must not hang us.
        let deadline = Date().addingTimeInterval(2)
        while !errorsDone, condition.wait(until: deadline) {}
        return String(decoding: errorTail.suffix(Self.errorTailBytes), as: UTF8.self)
    }

    /// `pipe(2)` with both ends close-on-exec (glibc's `pipe2` is not visible from Swift).
    static func makePipe(_ fds: inout [Int32]) -> Bool {
        guard pipe(&fds) == 0 else { return false }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        return true
    }

    private func readErrors(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            condition.lock()
            errorTail.append(contentsOf: buffer[0..<count])
            if errorTail.count > 2 * Self.errorTailBytes { errorTail = Data(errorTail.suffix(Self.errorTailBytes)) }
            condition.unlock()
        }
        close(fd)
        condition.lock()
        errorsDone = true
        condition.broadcast()
        condition.unlock()
    }
}
