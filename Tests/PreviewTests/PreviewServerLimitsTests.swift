// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
import Testing
@testable import Preview

/// The preview's connections are bounded whatever clients do: loopback clients that never read,
/// never send, never leave, or come in numbers, against a server in this process with limits
/// shortened for the test.
@Suite("preview server limits", .serialized)
struct PreviewServerLimitsTests {
    /// Limits with long timeouts, so that only what a test shortens acts.
    static var patient: ConnectionLimits {
        var limits = ConnectionLimits()
        limits.idleTimeout = .seconds(60)
        limits.stallTimeout = .seconds(60)
        limits.heartbeatInterval = .seconds(60)
        return limits
    }

    /// 9 MB and a bit of bytes that differ from piece to piece (not a multiple of a piece): xorshift.
    static let patterned: Data = {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var words = [UInt64](repeating: 0, count: (9 << 20) / 8 + 1_544)
        for i in words.indices {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            words[i] = state
        }
        return words.withUnsafeBytes { Data($0) }.prefix((9 << 20) + 12_345)
    }()

    @Test("24 clients that never read a 64 MB file make the server hold a few pieces each, not the file; a reader still gets every byte")
    func nonReadingClients() async throws {
        let preview = try await RunningPreview(limits: Self.patient, files: ["patterned.bin": Self.patterned],
                                               sparseFiles: ["big.bin": SceneFolderFiles.maximumSize])
        var stuck: [LoopbackClient] = []
        for _ in 0..<24 {
            let client = try LoopbackClient(port: preview.port, receiveBuffer: 4096)
            try client.sendGet("/files/big.bin", port: preview.port)
            stuck.append(client)
        }
        // Every one of them has filled the socket and pushed its write buffer past the high-water
        // mark: the server is holding all it will hold for them.
        let high = ConnectionLimits.writeBufferHighWaterMark
        let blocked = await preview.wait(upTo: 20) { preview.gauge.heldBytes >= 24 * high }
        let reading = preview.gauge
        #expect(blocked, "the non-reading clients did not make the server wait: \(reading)")
        #expect(reading.connections == 24)
        // A piece past the high-water mark at most: 128 KiB, where the whole file was 64 MB.
        #expect(reading.peakHeldBytesPerConnection <= high + ConnectionLimits.chunkSize, "\(reading)")
        #expect(reading.peakHeldBytes <= 24 * (high + ConnectionLimits.chunkSize), "\(reading)")
        #expect(reading.overBudgetClosed == 0 && reading.stalledClosed == 0)

        // Meanwhile a client that reads gets the file whole, byte for byte.
        let reader = try LoopbackClient(port: preview.port)
        try reader.sendGet("/files/patterned.bin", port: preview.port)
        let response = try await reader.response(timeout: 30)
        #expect(response.status == 200 && response.headers["content-length"] == String(Self.patterned.count))
        #expect(response.headers["content-security-policy"]?.hasPrefix("sandbox") == true)
        #expect(response.body == Self.patterned, "the streamed file differs from the one on disk")
        reader.close()

        for client in stuck { client.close() }
        // Closed clients give back what their connections held.
        #expect(await preview.wait(upTo: 5) { preview.gauge.connections == 0 && preview.gauge.heldBytes == 0 }, "\(preview.gauge)")
        #expect(await preview.stop())
    }

    @Test("a 64 MB file arrives whole, as long as its Content-Length says")
    func wholeLargeFile() async throws {
        let preview = try await RunningPreview(limits: Self.patient, sparseFiles: ["big.bin": SceneFolderFiles.maximumSize])
        let client = try LoopbackClient(port: preview.port)
        try client.sendGet("/files/big.bin", port: preview.port)
        let response = try await client.response(timeout: 30)
        #expect(response.status == 200 && response.body.count == SceneFolderFiles.maximumSize)
        #expect(response.body.allSatisfy { $0 == 0 })
        client.close()
        #expect(await preview.stop())
    }

    @Test("a file is sent as large as it was when opened: one that grows meanwhile is cut there, one that shrinks ends early")
    func sizeWhenOpened() async throws {
        let size = 8 << 20
        let preview = try await RunningPreview(limits: Self.patient, sparseFiles: ["grows.bin": size, "shrinks.bin": size])
        func startSlowly(_ name: String) async throws -> LoopbackClient {
            let client = try LoopbackClient(port: preview.port, receiveBuffer: 4096)
            try client.sendGet("/files/\(name)", port: preview.port)
            // The server is waiting for the client: the file is open, and less than 1 MB of it sent.
            #expect(await preview.wait(upTo: 5) { preview.gauge.heldBytes >= ConnectionLimits.writeBufferHighWaterMark })
            return client
        }
        let growing = try await startSlowly("grows.bin")
        #expect(truncate(preview.folder.appendingPathComponent("grows.bin").path, off_t(2 * size)) == 0)
        let grown = try await growing.response(timeout: 30)
        #expect(grown.headers["content-length"] == String(size) && grown.body.count == size)
        #expect(await growing.drain(timeout: 5) == (0, true), "more than the size when opened was sent")
        growing.close()

        let shrinking = try await startSlowly("shrinks.bin")
        #expect(truncate(preview.folder.appendingPathComponent("shrinks.bin").path, off_t(1 << 20)) == 0)
        let (count, closed) = await shrinking.drain(timeout: 30)
        // The head and at most the 1 MB left (what was waiting in the server when the read came
        // short is dropped with the connection), then the end, far short of Content-Length.
        #expect(closed && count > 1 << 19 && count < (1 << 20) + 1024, "\(count) bytes, closed: \(closed)")
        shrinking.close()
        #expect(await preview.wait(upTo: 2) { preview.gauge.connections == 0 })
        #expect(await preview.stop())
    }

    @Test("a connection that sends nothing, half a request head, or nothing after its response is closed after the idle timeout")
    func idleConnections() async throws {
        var limits = Self.patient
        limits.idleTimeout = .milliseconds(500)
        let preview = try await RunningPreview(limits: limits)
        let start = Date()
        let silent = try LoopbackClient(port: preview.port)
        let halfHead = try LoopbackClient(port: preview.port)
        try halfHead.send("GET /scene.json HTTP/1.1\r\nHo")
        let keptAlive = try LoopbackClient(port: preview.port)
        try keptAlive.sendGet("/scene.json", port: preview.port, keepAlive: true)
        #expect(try await keptAlive.response().status == 200)
        for (name, client) in [("silent", silent), ("half a head", halfHead), ("kept alive", keptAlive)] {
            let (count, closed) = await client.drain(timeout: 5)
            #expect(closed && count == 0, "the \(name) connection was not closed")
        }
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 0.45, "closed after \(elapsed) s, before the idle timeout")
        #expect(await preview.wait(upTo: 2) { preview.gauge.connections == 0 })
        #expect(await preview.stop())
    }

    @Test("connections past the cap are not accepted while the cap is reached; they are served once others close")
    func connectionCap() async throws {
        var limits = Self.patient
        limits.maximumConnections = 3
        let preview = try await RunningPreview(limits: limits)
        var held: [LoopbackClient] = []
        for _ in 0..<3 {
            let client = try LoopbackClient(port: preview.port)
            try client.sendGet("/scene.json", port: preview.port, keepAlive: true)
            #expect(try await client.response().status == 200)
            held.append(client)
        }
        // The system completes their handshakes (the listen queue), but the server takes none.
        var waiting: [LoopbackClient] = []
        for _ in 0..<5 {
            let client = try LoopbackClient(port: preview.port)
            try client.sendGet("/scene.json", port: preview.port)
            waiting.append(client)
        }
        try await Task.sleep(for: .milliseconds(500))
        #expect(preview.gauge.connections == 3 && preview.gauge.peakConnections == 3, "\(preview.gauge)")
        for client in waiting { #expect(await !client.isReadable(within: 0), "a connection past the cap was answered") }

        for client in held { client.close() }
        // Each closes once answered, which lets the next in.
        for client in waiting {
            #expect(try await client.response().status == 200)
            client.close()
        }
        #expect(preview.gauge.peakConnections == 3, "\(preview.gauge)")
        for client in waiting { client.close() }
        #expect(await preview.stop())
    }

    @Test("a response its client stops reading is cut after the stall timeout; one read slowly but steadily is not")
    func stalledResponse() async throws {
        var limits = Self.patient
        limits.stallTimeout = .seconds(1)
        let preview = try await RunningPreview(limits: limits, sparseFiles: ["big.bin": SceneFolderFiles.maximumSize])

        // Reads a little every 100 ms for 2.5 s: never a second without progress.
        let steady = try LoopbackClient(port: preview.port, receiveBuffer: 65_536)
        try steady.sendGet("/files/big.bin", port: preview.port)
        let (steadyCount, steadyEnded) = await steady.readSteadily(for: 2.5, every: 0.1, upTo: 256 << 10)
        #expect(!steadyEnded && steadyCount > 0, "a client reading steadily was cut after \(steadyCount) bytes")
        #expect(preview.gauge.stalledClosed == 0 && preview.gauge.connections == 1, "\(preview.gauge)")
        steady.close()
        #expect(await preview.wait(upTo: 2) { preview.gauge.connections == 0 })

        let stuck = try LoopbackClient(port: preview.port, receiveBuffer: 4096)
        try stuck.sendGet("/files/big.bin", port: preview.port)
        let start = Date()
        #expect(await preview.wait(upTo: 5) { preview.gauge.heldBytes >= ConnectionLimits.writeBufferHighWaterMark }, "the client never stalled the server")
        #expect(await preview.wait(upTo: 5) { preview.gauge.connections == 0 }, "the stalled connection was not closed: \(preview.gauge)")
        #expect(Date().timeIntervalSince(start) >= 0.9)
        #expect(preview.gauge.stalledClosed == 1 && preview.gauge.heldBytes == 0, "\(preview.gauge)")
        // The client gets what the system had buffered, then the end: far from the whole file.
        let (count, closed) = await stuck.drain(timeout: 5)
        #expect(closed && count < SceneFolderFiles.maximumSize / 4, "\(count) bytes, closed: \(closed)")
        #expect(await preview.stop())
    }

    @Test("event streams past the cap are answered 503; a page that leaves frees its place by the next heartbeats")
    func eventStreamCap() async throws {
        var limits = Self.patient
        limits.maximumEventStreams = 2
        limits.heartbeatInterval = .milliseconds(200)
        let preview = try await RunningPreview(limits: limits)
        func listen() throws -> LoopbackClient {
            let client = try LoopbackClient(port: preview.port)
            try client.sendGet("/events", port: preview.port, keepAlive: true)
            return client
        }
        func firstBytes(of client: LoopbackClient) async -> String {
            String(decoding: await client.receive(timeout: 5).data, as: UTF8.self)
        }
        let first = try listen(), second = try listen()
        #expect(await firstBytes(of: first).hasPrefix("HTTP/1.1 200"))
        #expect(await firstBytes(of: second).hasPrefix("HTTP/1.1 200"))
        // The heartbeat comes as a comment line, which pages ignore.
        var heartbeat = ""
        for _ in 0..<10 where !heartbeat.contains(": heartbeat") { heartbeat += await firstBytes(of: first) }
        #expect(heartbeat.contains(": heartbeat\n\n"))
        let refused = try listen()
        let answer = try await refused.response()
        #expect(answer.status == 503 && String(decoding: answer.body, as: UTF8.self).contains("2 pages are listening"))
        refused.close()

        second.close()
        #expect(await preview.wait(upTo: 10) { preview.server.events.listenerCount == 1 }, "a page that left kept its place")
        let third = try listen()
        #expect(await firstBytes(of: third).hasPrefix("HTTP/1.1 200"))
        first.close()
        third.close()
        #expect(await preview.stop())
    }
}
#endif
