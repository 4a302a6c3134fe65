// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import NIOCore
import NIOHTTPTypes

/// One connection's bounds on its way out: the bytes it may hold in the server, and how long its
/// response may stall on a client that does not read.
///
/// Every body reaches the channel in pieces (``ConnectionLimits/chunkSize``), each handed over
/// only once the channel was writable after the one before (``PacedBodyWriter``); it stops being
/// writable above the write buffer's high-water mark, set here with the socket's send buffer.
/// This handler counts what is written and not yet taken by the socket; a write that would take
/// the connection past ``ConnectionLimits/maximumHeldBytes`` closes it instead (only a body
/// written around the pacing could get there). While the channel stays unwritable for the stall
/// timeout, the client is taking (next to) nothing: the connection is closed, which fails the
/// response's next write and ends it. Idle connections, with no response under way, are left to
/// Hummingbird's idle timeout.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let stallTimeout: TimeAmount
    private let gauge: ConnectionGauge
    /// Body bytes written and not yet taken by the socket.
    private var held = 0
    private var stall: Scheduled<Void>?
    private var isAdded = false

    init(stallTimeout: Duration, gauge: ConnectionGauge) {
        self.stallTimeout = TimeAmount(stallTimeout)
        self.gauge = gauge
    }

    func handlerAdded(context: ChannelHandlerContext) {
        isAdded = true
        gauge.opened()
        let marks = ChannelOptions.Types.WriteBufferWaterMark(low: ConnectionLimits.writeBufferLowWaterMark,
                                                              high: ConnectionLimits.writeBufferHighWaterMark)
        try? context.channel.syncOptions?.setOption(ChannelOptions.writeBufferWaterMark, value: marks)
        // A fixed send buffer instead of one the system grows to megabytes on loopback: it bounds
        // what the system holds for a client that does not read, and the channel turns writable
        // again after the client took a part of that, not a third of megabytes, so a slow but
        // steady client is not taken for a stalled one.
        try? context.channel.syncOptions?.setOption(ChannelOptions.socketOption(.so_sndbuf),
                                                    value: SocketOptionValue(ConnectionLimits.socketSendBufferSize))
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stall?.cancel()
        stall = nil
        // Pending writes fail when the channel closes, which releases them; anything left is
        // released here so the totals never drift.
        guard isAdded else { return }
        isAdded = false
        gauge.release(held)
        held = 0
        gauge.closed()
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard case .body(let buffer) = unwrapOutboundIn(data) else {
            context.write(data, promise: promise)
            return
        }
        let count = buffer.readableBytes
        guard held + count <= ConnectionLimits.maximumHeldBytes else {
            gauge.countOverBudget()
            promise?.fail(ChannelError.outputClosed)
            context.close(promise: nil)
            return
        }
        held += count
        gauge.hold(count, connectionTotal: held)
        let written = promise ?? context.eventLoop.makePromise()
        written.futureResult.assumeIsolated().whenComplete { [self] _ in
            // After handlerRemoved the bytes were released already.
            guard isAdded else { return }
            held -= count
            gauge.release(count)
        }
        context.write(data, promise: written)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            stall?.cancel()
            stall = nil
        } else if stall == nil {
            stall = context.eventLoop.assumeIsolated().scheduleTask(in: stallTimeout) { [self] in
                stall = nil
                guard !context.channel.isWritable else { return }
                gauge.countStall()
                context.close(promise: nil)
            }
        }
        context.fireChannelWritabilityChanged()
    }
}
#endif
