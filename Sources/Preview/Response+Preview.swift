// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
import Hummingbird
import NIOCore
import NIOPosix

extension Response {
    /// `bytes` with their content type; never cached (a frame changes when the scene is saved).
    ///
    /// A body larger than one piece goes out piece by piece (``ConnectionLimits/chunkSize``),
    /// each copied when its turn comes: a client that does not read makes its connection hold
    /// a piece or two, never a copy of the whole (frames and layouts are shared, not copied).
    static func bytes<Bytes: RandomAccessCollection<UInt8> & Sendable>(
        _ bytes: Bytes, type: String, status: HTTPResponse.Status = .ok
    ) -> Response where Bytes.Index == Int {
        let chunk = ConnectionLimits.chunkSize
        guard bytes.count > chunk else {
            return Response(status: status, headers: headers(type: type), body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        let body = ResponseBody(contentLength: bytes.count) { writer in
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let end = min(start + chunk, bytes.endIndex)
                try await writer.write(ByteBuffer(bytes: bytes[start..<end]))
                start = end
            }
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers(type: type), body: body)
    }

    /// A file of the scene's folder, read from its open descriptor one piece at a time, each
    /// read (off the event loops, in NIO's thread pool) only once the previous piece was handed
    /// to the connection, which waits while its client is behind.
    static func file(_ file: OpenedFile, type: String) -> Response {
        let chunk = ConnectionLimits.chunkSize
        let body = ResponseBody(contentLength: file.size) { writer in
            var offset = 0
            while offset < file.size {
                let wanted = min(chunk, file.size - offset)
                let start = offset
                let piece = try await NIOThreadPool.singleton.runIfActive {
                    var buffer = ByteBufferAllocator().buffer(capacity: wanted)
                    _ = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { free in
                        try file.read(into: UnsafeMutableRawBufferPointer(rebasing: free.prefix(wanted)), at: start)
                    }
                    return buffer
                }
                // Shorter than when it was opened: Content-Length cannot be kept, so the response
                // ends here and the connection closes.
                guard piece.readableBytes > 0 else { throw POSIXError(.EIO) }
                offset += piece.readableBytes
                try await writer.write(piece)
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers(type: type), body: body)
    }

    /// A value as compact JSON with sorted keys.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        .bytes(try JSONEncoder.preview.encode(value), type: "application/json", status: status)
    }

    /// An error the page or a script can read: `{"error": message}` with `status`.
    static func problem(_ status: HTTPResponse.Status, _ message: String) -> Response {
        struct Problem: Encodable { var error: String }
        return (try? json(Problem(error: message), status: status)) ?? Response(status: status)
    }

    /// The content type, never cached, never sniffed.
    private static func headers(type: String) -> HTTPFields {
        var headers: HTTPFields = [.contentType: type, .cacheControl: "no-store"]
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        return headers
    }
}
#endif
