// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ServiceLifecycle

extension AllowedHosts {
    /// The names a server listening on `host` answers to: the loopback ones; exposed, also the
    /// address listened on (unless every interface) and the machine's name; and `extraHosts`
    /// (`--allow-host`).
    static func serving(host: String, extraHosts: [String]) -> AllowedHosts {
        var names = loopback
        if !isLoopback(host), !isWildcard(host) {
            names.append(PreviewServer.pageHost(listeningOn: host))
        }
        if !isLoopback(host) {
            var buffer = [CChar](repeating: 0, count: 256)
            if gethostname(&buffer, buffer.count) == 0 {
                let name = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
                names.append(String(decoding: name, as: UTF8.self))
            }
        }
        return AllowedHosts(names: names + extraHosts)
    }
}

/// The HTTP server under `preview` and `serve`: Hummingbird on one address, with the
/// connection bounds of ``ConnectionLimits`` (a cap on connections, idle and stall timeouts,
/// paced bodies) and a graceful stop: no new connections, requests under way finish.
final class BoundedServer: Sendable {
    private let services = NIOLockedValueBox<ServiceGroup?>(nil)

    /// Serves `router` on `host`:`port` (0: any free port) until SIGINT or SIGTERM (with
    /// `stopsOnSignals`) or `stop()`. `onListening` gets the port once it is bound and the
    /// address actually bound to.
    func run(router: Router<PreviewRequestContext>, host: String, port: Int, limits: ConnectionLimits, gauge: ConnectionGauge,
             stopsOnSignals: Bool, label: String, onListening: @escaping @Sendable (_ port: Int, _ bound: String?) -> Void) async throws {
        var logger = Logger(label: label)
        logger.logLevel = .error
        let app = Application(
            router: router,
            server: .http1(configuration: .init(
                additionalChannelHandlers: [ConnectionGuard(stallTimeout: limits.stallTimeout, gauge: gauge)],
                idleTimeout: TimeAmount(limits.idleTimeout))),
            configuration: .init(address: .hostname(host, port: port), serverName: nil,
                                 backlog: limits.backlog, reuseAddress: false,
                                 // Past the cap the server stops accepting: further connections wait in the backlog.
                                 availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections, logger: logger)),
            onServerRunning: { channel in
                // One connection accepted per wake-up, so the cap is checked before each (NIO
                // accepts 4 at a time by default, which would let a burst past it).
                try? await channel.setOption(ChannelOptions.maxMessagesPerRead, value: 1).get()
                onListening(channel.localAddress?.port ?? 0, channel.localAddress?.ipAddress)
            },
            logger: logger)
        let group = ServiceGroup(configuration: .init(services: [app], gracefulShutdownSignals: stopsOnSignals ? [.sigint, .sigterm] : [],
                                                      logger: logger))
        services.withLockedValue { $0 = group }
        try await group.run()
    }

    /// Stops serving as SIGTERM would: no new connections, requests under way finish; `run` then returns.
    func stop() async {
        await services.withLockedValue { $0 }?.triggerGracefulShutdown()
    }
}
#endif
