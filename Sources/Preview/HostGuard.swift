// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Hummingbird

/// Refuses, with 403, every request whose `Host` or `Origin` is not the preview's own.
struct HostGuard<Context: RequestContext>: RouterMiddleware {
    let hosts: AllowedHosts

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // HTTP/1.1 allows one Host: a second one (which a proxy might read instead) is refused.
        guard !request.headers.contains(where: { $0.name.canonicalName == "host" }) else {
            return .problem(.badRequest, "a request has one Host header")
        }
        guard hosts.allows(host: request.head.authority) else {
            return .problem(.forbidden, "this preview answers only to its own address; the request named host \(request.head.authority ?? "(none)")")
        }
        guard hosts.allows(origin: request.headers[.origin]) else {
            return .problem(.forbidden, "requests from pages of other origins are refused (Origin: \(request.headers[.origin] ?? ""))")
        }
        return try await next(request, context)
    }
}
#endif
