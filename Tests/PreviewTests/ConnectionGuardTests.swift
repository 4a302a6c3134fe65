// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
@testable import Preview

/// One connection's guard on an embedded channel, with the event loop's clock in the test's hands.
@Suite("connection guard")
struct ConnectionGuardTests {
    static func channel(stallTimeout: Duration = .seconds(30)) throws -> (EmbeddedChannel, ConnectionGauge) {
        let gauge = ConnectionGauge()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ConnectionGuard(stallTimeout: stallTimeout, gauge: gauge))
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        return (channel, gauge)
    }

    static func piece(_ count: Int) -> HTTPResponsePart { .body(ByteBuffer(repeating: 0x2A, count: count)) }

    @Test("bytes are held from their write until the socket takes them; a write past the budget closes the connection")
    func budget() throws {
        let (channel, gauge) = try Self.channel()
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok)))
        let chunk = ConnectionLimits.chunkSize
        // Written, not flushed: held.
        for _ in 0..<3 { channel.write(Self.piece(chunk), promise: nil) }
        #expect(gauge.reading.heldBytes == 3 * chunk && gauge.reading.peakHeldBytesPerConnection == 3 * chunk)
        channel.flush()
        #expect(gauge.reading.heldBytes == 0, "bytes the socket took are still counted")
        for _ in 0..<4 { channel.write(Self.piece(chunk), promise: nil) }
        #expect(channel.isActive && gauge.reading.heldBytes == ConnectionLimits.maximumHeldBytes)
        let over = channel.write(Self.piece(1))
        #expect(throws: (any Error).self) { try over.wait() }
        #expect(!channel.isActive, "a write past the budget left the connection open")
        channel.embeddedEventLoop.run()
        #expect(gauge.reading.overBudgetClosed == 1 && gauge.reading.heldBytes == 0 && gauge.reading.connections == 0, "\(gauge.reading)")
    }

    @Test("a channel that stays unwritable for the stall timeout is closed; one that recovers in time is not")
    func stall() throws {
        let (channel, gauge) = try Self.channel(stallTimeout: .seconds(30))
        #expect(gauge.reading.connections == 1)
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .seconds(10))
        #expect(channel.isActive, "a client that caught up within the timeout was cut")

        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        channel.embeddedEventLoop.advanceTime(by: .seconds(29))
        #expect(channel.isActive)
        channel.embeddedEventLoop.advanceTime(by: .seconds(2))
        #expect(!channel.isActive, "a connection unwritable past the stall timeout is still open")
        channel.embeddedEventLoop.run()
        #expect(gauge.reading.stalledClosed == 1 && gauge.reading.connections == 0)
    }
}
#endif
