// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
@testable import Preview

/// A preview server in this process on 127.0.0.1, over a scene folder of its own, for one test:
/// started with the limits the test gives, stopped by it.
final class RunningPreview: @unchecked Sendable {
    let server: PreviewServer
    let folder: URL
    let port: Int
    private let task: Task<Void, any Error>

    /// A one-block scene in a new folder, with `files` beside it (name → bytes; `size` ones
    /// sparse, of that many zero bytes), served with `limits`.
    init(limits: ConnectionLimits, files: [String: Data] = [:], sparseFiles: [String: Int] = [:]) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scene = """
        {"version": 1, "canvas": {"width": 120, "height": 40, "background": "#FFFFFF"},
         "blocks": [{"id": "t", "frame": {"x": 2, "y": 2, "width": 110}, "text": "Hi",
                     "style": {"font": {"family": "DejaVu Sans", "size": 16}, "color": "#101010"}}]}
        """
        try Data(scene.utf8).write(to: folder.appendingPathComponent("scene.json"))
        for (name, data) in files { try data.write(to: folder.appendingPathComponent(name)) }
        for (name, size) in sparseFiles {
            let path = folder.appendingPathComponent(name).path
            let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
            guard fd >= 0, ftruncate(fd, off_t(size)) == 0 else { throw LoopbackError("cannot make \(name)") }
            Glibc.close(fd)
        }
        var configuration = PreviewServer.Configuration()
        configuration.port = 0
        configuration.workers = 1
        configuration.limits = limits
        let server = PreviewServer(source: PreviewSource(url: folder.appendingPathComponent("scene.json")), configuration: configuration)
        self.server = server
        let (addresses, continuation) = AsyncStream<String>.makeStream()
        task = Task {
            defer { continuation.finish() }
            try await server.run(stopsOnSignals: false) { continuation.yield($0) }
        }
        var iterator = addresses.makeAsyncIterator()
        guard let url = await iterator.next(), let port = url.split(separator: ":").last.flatMap({ Int($0.dropLast()) }) else {
            task.cancel()
            throw LoopbackError("the server did not start: \(String(describing: await task.result))")
        }
        self.port = port
    }

    /// What the connections hold now.
    var gauge: ConnectionGauge.Reading { server.gauge.reading }

    /// Polls `condition` every 20 ms until it holds or `timeout` passes; whether it held.
    func wait(upTo timeout: TimeInterval, for condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return true
    }

    /// Stops the server (its clients should be closed first) and removes the folder; whether it
    /// stopped within `timeout`.
    @discardableResult
    func stop(timeout: TimeInterval = 5) async -> Bool {
        await server.stop()
        defer { try? FileManager.default.removeItem(at: folder) }
        let task = self.task
        let stopped = Stopped()
        Task { _ = await task.result; stopped.set() }
        return await wait(upTo: timeout) { stopped.value }
    }

    /// A flag set from another task.
    private final class Stopped: @unchecked Sendable {
        private let lock = NSLock()
        private var flag = false
        var value: Bool { lock.withLock { flag } }
        func set() { lock.withLock { flag = true } }
    }
}
#endif
