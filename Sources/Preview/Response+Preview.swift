// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
import Hummingbird

extension Response {
    /// `bytes` with their content type; never cached (a frame changes when the scene is saved).
    static func bytes(_ bytes: some Sequence<UInt8>, type: String, status: HTTPResponse.Status = .ok) -> Response {
        var headers: HTTPFields = [.contentType: type, .cacheControl: "no-store"]
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
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
}
#endif
