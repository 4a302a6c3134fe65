// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Hummingbird

/// Sends every response's body through a ``PacedBodyWriter``: whatever a route answers, its
/// connection holds at most a piece or two of it waiting for the client.
struct ResponsePacing: RouterMiddleware {
    typealias Context = PreviewRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        let body = response.body
        let eventLoop = context.channel.eventLoop
        response.body = ResponseBody(contentLength: body.contentLength) { writer in
            try await body.write(PacedBodyWriter(parent: writer, eventLoop: eventLoop))
        }
        return response
    }
}
#endif
