// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import TextEffects
import ServiceLifecycle

/// `texteffects preview`: serves the page and its routes, and reloads the scene when a file it
/// reads is saved.
///
/// Routes (also for scripts): `GET /` the page; `/scene.json` the scene's state;
/// `/frame/N.png` frame N (byte for byte `render`'s; `?debug=1`, `?links=1` add overlays);
/// `/layout.json` `--dump-layout`'s JSON; `/links/N.json` every link's visibility on frame N;
/// `/inspect?frame=N&x=X&y=Y` the block, line, run and glyph under a point; `/events` server-sent
/// events, `reload` and `problems`; `/files/PATH` a file of the scene's folder.
///
/// Whatever clients do, the server holds bounded resources (``ConnectionLimits``): so many
/// connections and event streams, each closed when idle or stalled, each holding a few pieces of
/// its response at most.
package final class PreviewServer: Sendable {
    package struct Configuration: Sendable {
        /// The address to listen on: loopback unless exposed on purpose.
        package var host = "127.0.0.1"
        /// 0: any free port.
        package var port = 0
        /// Names besides the loopback ones the page may be reached by (`--allow-host`).
        package var extraHosts: [String] = []
        /// Frames rendered at once.
        package var workers = ProcessInfo.processInfo.activeProcessorCount
        /// Connections, streams and timeouts (tests shorten them).
        package var limits = ConnectionLimits.standard

        package init() {}
    }

    package let session: PreviewSession
    package let configuration: Configuration
    let frames: FrameStore
    let events: EventHub
    package let hosts: AllowedHosts
    /// What the connections hold now (for tests).
    let gauge = ConnectionGauge()
    /// The running server, for `stop`.
    private let server = BoundedServer()

    package init(source: PreviewSource, configuration: Configuration) {
        session = PreviewSession(source: source)
        self.configuration = configuration
        frames = FrameStore(workers: configuration.workers)
        events = EventHub(maximumListeners: configuration.limits.maximumEventStreams,
                          heartbeatInterval: configuration.limits.heartbeatInterval)
        hosts = .serving(host: configuration.host, extraHosts: configuration.extraHosts)
    }

    /// Reads the scene, starts watching its files, and serves until SIGINT or SIGTERM (with
    /// `stopsOnSignals`) or `stop()`. `onListening` gets the page's URL once the port is bound.
    package func run(stopsOnSignals: Bool = true, onListening: @escaping @Sendable (String) -> Void) async throws {
        reload()
        // After each reload the watch list is what that read looked for.
        let watcher = try FileWatcher { [self] in
            if let event = session.reloadIfChanged() { publish(event) }
            return session.watchedPaths
        }
        watcher.watch(session.watchedPaths)
        defer {
            watcher.stop()
            events.finishAll()
        }
        try await server.run(router: makeRouter(), host: configuration.host, port: configuration.port, limits: configuration.limits,
                             gauge: gauge, stopsOnSignals: stopsOnSignals, label: "texteffects.preview") { [hosts, configuration] port, bound in
            hosts.listening(on: port)
            onListening("http://\(Self.pageHost(listeningOn: configuration.host, boundTo: bound)):\(port)/")
        }
    }

    /// Stops serving as SIGINT would: no new connections, requests under way finish, event
    /// streams end; `run` then returns.
    package func stop() async {
        await server.stop()
    }

    /// Reads the scene again; the watcher calls this after a save.
    package func reload() {
        publish(session.reload())
    }

    /// Tells the pages, and forgets the frames of older generations after a good read.
    private func publish(_ event: PreviewEvent) {
        if case .reload(let info) = event { frames.keepOnly(generation: info.generation) }
        events.publish(event)
    }

    /// The routes, each refused for a foreign Host or Origin.
    func makeRouter() -> Router<PreviewRequestContext> {
        let router = Router(context: PreviewRequestContext.self)
        // First, so that it paces every answer, refusals included.
        router.add(middleware: ResponsePacing())
        router.add(middleware: HostGuard(hosts: hosts))
        for (path, asset) in PageAssets.byPath {
            router.get(RouterPath(path)) { _, _ in
                var response = Response.bytes(asset.bytes, type: asset.type)
                // The page runs its own script and shows frames from here, nothing else.
                response.headers[.contentSecurityPolicy] =
                    "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'"
                return response
            }
        }
        router.get("scene.json") { [session] _, _ in try Response.json(session.info) }
        router.get("layout.json") { [session] _, _ in
            guard let scene = session.current else { return Self.notLoaded }
            return Response.bytes(scene.layoutJSON, type: "application/json")
        }
        router.get("frame/:file") { [self] request, context in
            guard let scene = session.current else { return Self.notLoaded }
            let query = request.uri.queryParameters
            switch Self.frameNumber(context.parameters.get("file"), extension: "png", in: scene) {
            case .failure(let failure): return failure.response
            case .success(let frame):
                let wanted = FrameRequest(generation: scene.generation, frame: frame,
                                          boxes: query["debug"].map(Self.isOn) ?? false, links: query["links"].map(Self.isOn) ?? false)
                do {
                    var response = Response.bytes(try await frames.png(wanted, of: scene), type: "image/png")
                    response.headers[.init("X-Generation")!] = String(scene.generation)
                    return response
                } catch {
                    return .problem(.internalServerError, "frame \(frame) could not be drawn: \(error)")
                }
            }
        }
        router.get("links/:file") { [session] _, context in
            guard let scene = session.current else { return Self.notLoaded }
            switch Self.frameNumber(context.parameters.get("file"), extension: "json", in: scene) {
            case .failure(let failure): return failure.response
            case .success(let frame): return try Response.json(LinkTable(frame: frame, of: scene))
            }
        }
        router.get("inspect") { [session] request, _ in
            guard let scene = session.current else { return Self.notLoaded }
            let query = request.uri.queryParameters
            guard let frameText = query["frame"], let frame = Int(frameText), (0..<scene.frameCount).contains(frame) else {
                return .problem(.badRequest, "frame must be a frame number from 0 to \(scene.frameCount - 1)")
            }
            guard let x = query["x"].flatMap({ Double(decimal: String($0)) }), let y = query["y"].flatMap({ Double(decimal: String($0)) }) else {
                return .problem(.badRequest, "x and y must be numbers: a point on the canvas, in points")
            }
            return try Response.json(LayoutInspection(at: CGPoint(x: x, y: y), frame: frame, of: scene))
        }
        router.get("events") { [self] _, _ in
            guard let stream = events.subscribe(startingWith: session.currentEvent) else {
                return Response.problem(.serviceUnavailable, "\(events.maximumListeners) pages are listening already; close one")
            }
            var headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store"]
            headers[.init("X-Accel-Buffering")!] = "no"
            return Response(status: .ok, headers: headers, body: ResponseBody { writer in
                for await item in stream.cancelOnGracefulShutdown() {
                    try await writer.write(ByteBuffer(string: item.serverSentEvent))
                }
                try await writer.finish(nil)
            })
        }
        let files = SceneFolderFiles(folder: session.source.folder)
        router.get("files/**") { request, _ in
            let path = request.uri.path.dropFirst("/files/".count)
            switch files.file(at: path) {
            case .file(let file, let type):
                var response = Response.file(file, type: type)
                // An SVG or HTML file opened from here must not run scripts as the preview.
                response.headers[.contentSecurityPolicy] = "sandbox; default-src 'none'; style-src 'unsafe-inline'"
                return response
            case .refused(let reason): return .problem(.forbidden, reason)
            case .missing: return .problem(.notFound, "no such file in the scene's folder")
            }
        }
        return router
    }

    /// The host part of the page's address: the address listened on, an IPv6 literal in brackets;
    /// for every interface, the loopback address of that family (127.0.0.1 for 0.0.0.0, [::1] for ::);
    /// for `localhost`, the address it was bound to (`bound`, when known).
    static func pageHost(listeningOn host: String, boundTo bound: String? = nil) -> String {
        func literal(_ address: String) -> String { address.contains(":") ? "[\(address)]" : address }
        if AllowedHosts.isWildcard(host) { return host.contains(":") ? "[::1]" : "127.0.0.1" }
        if host == "localhost" { return bound.map(literal) ?? "127.0.0.1" }
        return literal(host)
    }

    static let notLoaded = Response.problem(.serviceUnavailable, "the scene has not loaded yet: see /scene.json for its problems")

    static func isOn(_ value: Substring) -> Bool { value == "1" || value == "true" || value == "on" }

    /// Frame N from `N.EXT`, or the response that says why not.
    static func frameNumber(_ file: String?, extension ext: String, in scene: LoadedScene) -> Result<Int, Response.Failure> {
        guard let file, file.hasSuffix("." + ext), let frame = Int(file.dropLast(ext.count + 1)), frame >= 0,
              String(frame) == file.dropLast(ext.count + 1) else {
            return .failure(.init(.problem(.notFound, "frames are named N.\(ext), N from 0 to \(scene.frameCount - 1)")))
        }
        guard frame < scene.frameCount else {
            return .failure(.init(.problem(.notFound, "frame \(frame) is past the last frame (\(scene.frameCount - 1))")))
        }
        return .success(frame)
    }
}

extension Response {
    /// A response carried as an error, for `Result`.
    struct Failure: Error {
        var response: Response
        init(_ response: Response) { self.response = response }
    }
}
#endif
