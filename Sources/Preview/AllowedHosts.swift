import Foundation

/// The names the preview answers to: requests naming any other `Host` (DNS rebinding: a
/// page on some other site whose name was pointed at 127.0.0.1) or sent from a page of
/// another `Origin` are refused.
package final class AllowedHosts: @unchecked Sendable {
    private let lock = NSLock()
    private var authorities: Set<String> = []
    /// The host names given, without the port.
    private let names: [String]

    /// `names`: the loopback names, plus the bind address and `--allow-host` names when exposed.
    package init(names: [String]) {
        self.names = names
    }

    /// The loopback names every preview answers to.
    package static let loopback = ["127.0.0.1", "localhost", "[::1]"]

    /// Whether a listening address (`--host`) keeps the server on this machine.
    package static func isLoopback(_ address: String) -> Bool {
        ["127.0.0.1", "localhost", "::1"].contains(address)
    }

    /// Whether a listening address means every interface.
    static func isWildcard(_ address: String) -> Bool {
        ["0.0.0.0", "::"].contains(address)
    }

    /// Sets the port the server listens on (known once it is bound).
    package func listening(on port: Int) {
        var authorities = Set(names.map { "\($0.lowercased()):\(port)" })
        // Browsers leave out the default port.
        if port == 80 { authorities.formUnion(names.map { $0.lowercased() }) }
        lock.withLock { self.authorities = authorities }
    }

    /// Whether a request with this `Host` (authority) may be answered.
    package func allows(host: String?) -> Bool {
        guard let host else { return false }
        return lock.withLock { authorities.contains(host.lowercased()) }
    }

    /// Whether a request with this `Origin` header may be answered (no header: not a cross-site request).
    package func allows(origin: String?) -> Bool {
        guard let origin else { return true }
        let lowered = origin.lowercased()
        guard lowered.hasPrefix("http://") else { return false }
        return lock.withLock { authorities.contains(String(lowered.dropFirst("http://".count))) }
    }
}
