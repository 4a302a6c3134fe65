import Foundation

/// One client connection to 127.0.0.1, driven by hand: it can send half a request, never read,
/// or read slowly, which no HTTP client library lets a test do.
///
/// What waits runs on a Dispatch thread, not on the Swift concurrency pool, which the server in
/// the same process needs (2 threads on 2 cores: a client blocking one would slow the server it
/// is measuring). One task uses a client at a time.
final class LoopbackClient: @unchecked Sendable {
    private(set) var socket: Int32

    /// Connects to 127.0.0.1:`port`; `receiveBuffer` shrinks the socket's receive buffer (a client
    /// that does not read then stops the server's writes sooner).
    init(port: Int, receiveBuffer: Int? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw LoopbackError("socket: \(String(cString: strerror(errno)))") }
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(socket)
            throw LoopbackError("connect to 127.0.0.1:\(port): \(reason)")
        }
    }

    deinit { close() }

    func close() {
        if socket >= 0 { Glibc.close(socket) }
        socket = -1
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw LoopbackError("send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// `GET target` with the Host the preview answers to.
    func sendGet(_ target: String, port: Int, keepAlive: Bool = false) throws {
        try send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(keepAlive ? "" : "Connection: close\r\n")\r\n")
    }

    /// Whether bytes (or the end) can be read within `timeout`.
    func isReadable(within timeout: TimeInterval) async -> Bool {
        await Self.offPool { self.waitReadable(within: timeout) }
    }

    /// Reads at most `limit` bytes that arrive within `timeout`; empty at the end or on a reset.
    func receive(upTo limit: Int = 1 << 20, timeout: TimeInterval) async -> (data: Data, ended: Bool) {
        await Self.offPool { self.receiveNow(upTo: limit, timeout: timeout) }
    }

    /// Reads and counts everything until the server closes the connection, or `timeout` passes.
    func drain(timeout: TimeInterval) async -> (count: Int, closed: Bool) {
        await Self.offPool { self.drainNow(timeout: timeout) }
    }

    /// Reads at most `limit` bytes every `interval` for `duration`, whatever the Swift pool is
    /// doing; the bytes read, and whether the connection ended meanwhile.
    func readSteadily(for duration: TimeInterval, every interval: TimeInterval, upTo limit: Int) async -> (count: Int, ended: Bool) {
        await Self.offPool {
            let until = Date().addingTimeInterval(duration)
            var count = 0
            while Date() < until {
                usleep(useconds_t(interval * 1_000_000))
                let (data, ended) = self.receiveNow(upTo: limit, timeout: interval)
                if ended { return (count, true) }
                count += data.count
            }
            return (count, false)
        }
    }

    /// One whole response: status, headers (names lowercased) and a body of Content-Length bytes.
    func response(timeout: TimeInterval = 10) async throws -> (status: Int, headers: [String: String], body: Data) {
        try await Self.offPool { Result { try self.responseNow(timeout: timeout) } }.get()
    }

    /// `work` on a Dispatch thread.
    private static func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: work()) }
        }
    }

    private func waitReadable(within timeout: TimeInterval) -> Bool {
        var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        return poll(&poller, 1, Int32(timeout * 1000)) > 0
    }

    private func receiveNow(upTo limit: Int = 1 << 20, timeout: TimeInterval) -> (data: Data, ended: Bool) {
        guard waitReadable(within: timeout) else { return (Data(), false) }
        var data = Data(count: limit)
        let count = data.withUnsafeMutableBytes { recv(socket, $0.baseAddress, limit, 0) }
        return count > 0 ? (data.prefix(count), false) : (Data(), true)
    }

    private func drainNow(timeout: TimeInterval) -> (count: Int, closed: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var total = 0
        while Date() < deadline {
            let (data, ended) = receiveNow(timeout: max(0, deadline.timeIntervalSinceNow))
            if ended { return (total, true) }
            total += data.count
        }
        return (total, false)
    }

    private func responseNow(timeout: TimeInterval) throws -> (status: Int, headers: [String: String], body: Data) {
        let deadline = Date().addingTimeInterval(timeout)
        var received = Data()
        func more() throws {
            let (data, ended) = receiveNow(timeout: max(0, deadline.timeIntervalSinceNow))
            if ended { throw LoopbackError("the connection closed after \(received.count) bytes") }
            guard Date() < deadline || !data.isEmpty else { throw LoopbackError("no whole response in \(timeout) s") }
            received.append(data)
        }
        while received.range(of: Data("\r\n\r\n".utf8)) == nil { try more() }
        let end = received.range(of: Data("\r\n\r\n".utf8))!
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        guard let status = head.first.flatMap({ $0.split(separator: " ").dropFirst().first }).flatMap({ Int($0) }) else {
            throw LoopbackError("bad status line \(head.first ?? "")")
        }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let length = headers["content-length"].flatMap({ Int($0) }) else { throw LoopbackError("no Content-Length") }
        var body = Data(received[end.upperBound...])
        body.reserveCapacity(length)
        while body.count < length {
            let (data, ended) = receiveNow(timeout: max(0, deadline.timeIntervalSinceNow))
            if ended { throw LoopbackError("the connection closed after \(body.count) of \(length) body bytes") }
            guard Date() < deadline || !data.isEmpty else { throw LoopbackError("the body did not arrive in \(timeout) s") }
            body.append(data)
        }
        return (status, headers, body)
    }
}
