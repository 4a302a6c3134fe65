import Foundation

/// HTTP/1.1 over a plain loopback socket, written as given: a test must be able to send a
/// path with `..` in it, any `Host` or `Origin`, which clients normalise or refuse to send.
enum RawHTTP {
    struct Response {
        var status: Int
        /// Header names lowercased.
        var headers: [String: String]
        var body: Data
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    /// `GET target` from 127.0.0.1:`port` (or [::1] with `ipv6`); `host` nil sends no Host header.
    static func get(_ target: String, port: Int, host: String? = "default", headers: [String: String] = [:],
                    ipv6: Bool = false, timeout: TimeInterval = 30) throws -> Response {
        try send("GET", target, port: port, host: host, headers: headers, ipv6: ipv6, timeout: timeout)
    }

    /// `HEAD target`: the headers only.
    static func head(_ target: String, port: Int) throws -> Response {
        try send("HEAD", target, port: port, host: "default", headers: [:], ipv6: false, timeout: 30)
    }

    private static func send(_ method: String, _ target: String, port: Int, host: String?, headers: [String: String],
                             ipv6: Bool, timeout: TimeInterval) throws -> Response {
        let socket = try connect(port: port, timeout: timeout, ipv6: ipv6)
        defer { close(socket) }
        var request = "\(method) \(target) HTTP/1.1\r\n"
        if let host { request += "Host: \(host == "default" ? "127.0.0.1:\(port)" : host)\r\n" }
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "Connection: close\r\n\r\n"
        try send(request, on: socket)
        var received = Data()
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = recv(socket, buffer, 65_536, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            received.append(buffer.assumingMemoryBound(to: UInt8.self), count: count)
        }
        return try parse(received)
    }

    /// Opens `GET /events` and reads until `until` holds for what came so far (or `timeout`);
    /// returns the events' text.
    static func events(port: Int, timeout: TimeInterval = 10, until: (String) -> Bool) throws -> String {
        let socket = try connect(port: port, timeout: 1)
        defer { close(socket) }
        try send("GET /events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n", on: socket)
        var received = Data()
        let deadline = Date().addingTimeInterval(timeout)
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: 65_536, alignment: 1)
        defer { buffer.deallocate() }
        while Date() < deadline {
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) > 0 else { continue }
            let count = recv(socket, buffer, 65_536, 0)
            guard count > 0 else { break }
            received.append(buffer.assumingMemoryBound(to: UInt8.self), count: count)
            if until(String(decoding: received, as: UTF8.self)) { break }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// The `data:` lines of every `event: name` in a stream's text, in order.
    static func data(ofEvents name: String, in stream: String) -> [String] {
        // "\r\n" (between chunks) is one Character: split on any line end.
        let lines = stream.split(whereSeparator: \.isNewline).map(String.init)
        return lines.indices.compactMap { i in
            guard lines[i] == "event: \(name)", i + 1 < lines.count, lines[i + 1].hasPrefix("data: ") else { return nil }
            return String(lines[i + 1].dropFirst("data: ".count))
        }
    }

    /// Sends `GET target` from a socket with a small receive buffer and reads nothing: a client
    /// that stopped reading. Returns the socket, for the caller to close.
    static func getWithoutReading(_ target: String, port: Int) throws -> Int32 {
        let socket = try connect(port: port, timeout: 1)
        var size: Int32 = 4096
        setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        do { try send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", on: socket) } catch {
            close(socket)
            throw error
        }
        return socket
    }

    /// Starts connecting to 127.0.0.1:`port` without waiting for the handshake, and sends
    /// nothing: an idle client. Returns the socket, for the caller to close.
    static func connectWithoutWaiting(port: Int) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard socket >= 0 else { throw PreviewTestError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        guard connect(socket, to: &address) == 0 || errno == EINPROGRESS else {
            let reason = String(cString: strerror(errno))
            close(socket)
            throw PreviewTestError("connect to 127.0.0.1:\(port): \(reason)")
        }
        return socket
    }

    /// A connected socket to the loopback address of one family, reads timing out after `timeout`.
    private static func connect(port: Int, timeout: TimeInterval, ipv6: Bool = false) throws -> Int32 {
        let socket = Glibc.socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw PreviewTestError("socket: \(String(cString: strerror(errno)))") }
        var seconds = timeval(tv_sec: Int(timeout), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        let result: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            address.sin6_addr = in6addr_loopback
            result = connect(socket, to: &address)
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            result = connect(socket, to: &address)
        }
        guard result == 0 else {
            close(socket)
            throw PreviewTestError("connect to \(ipv6 ? "[::1]" : "127.0.0.1"):\(port): \(String(cString: strerror(errno)))")
        }
        return socket
    }

    /// `connect(2)` with a socket address of either family.
    private static func connect<Address>(_ socket: Int32, to address: inout Address) -> Int32 {
        withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<Address>.size)) }
        }
    }

    private static func send(_ text: String, on socket: Int32) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { throw PreviewTestError("send: \(String(cString: strerror(errno)))") }
            sent += count
        }
    }

    /// Status line, headers and body (chunked or not) of a whole response.
    private static func parse(_ data: Data) throws -> Response {
        guard let end = data.range(of: Data("\r\n\r\n".utf8)) else { throw PreviewTestError("no complete response: \(String(decoding: data, as: UTF8.self))") }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = head[0].split(separator: " ")
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { throw PreviewTestError("bad status line \(head[0])") }
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(data[end.upperBound...])
        if headers["transfer-encoding"]?.lowercased() == "chunked" {
            var decoded = Data()
            var rest = body
            while let lineEnd = rest.range(of: Data("\r\n".utf8)),
                  let size = Int(String(decoding: rest[..<lineEnd.lowerBound], as: UTF8.self), radix: 16), size > 0 {
                let start = lineEnd.upperBound
                decoded.append(rest[start..<start + size])
                rest = Data(rest[(start + size + 2)...])
            }
            body = decoded
        }
        return Response(status: status, headers: headers, body: body)
    }
}
