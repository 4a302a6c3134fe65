// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import TextEffects

/// `texteffects serve DIR`: every template scene in DIR as a card URL, `GET /NAME.png?param=value`,
/// byte for byte what `render --set param=value --out NAME.png` writes.
///
/// Cards carry an ETag (a digest of the program's version, the template, every file the card
/// read and the values) and are kept in memory and, with a cache folder, on disk. Drawing is
/// bounded: so many cards at once, so many waiting, each request waiting so long. The
/// connection bounds, Host and Origin checks are the preview's.
package final class CardServer: Sendable {
    package struct Configuration: Sendable {
        /// The address to listen on: loopback unless exposed on purpose.
        package var host = "127.0.0.1"
        /// 0: any free port.
        package var port = 8080
        /// Names besides the loopback ones requests may name (`--allow-host`).
        package var extraHosts: [String] = []
        /// Cards drawn at once.
        package var workers = ProcessInfo.processInfo.activeProcessorCount
        /// Cards waiting for a worker; past that, 503.
        package var maximumWaiting = 64
        /// How long a request waits for its card before 503 (the card is still drawn, for the cache).
        package var timeLimit: Duration = .seconds(10)
        /// Every card's `Cache-Control`.
        package var cacheControl = "public, max-age=3600"
        /// Bytes of cards kept in memory.
        package var memoryCacheBytes = 64 << 20
        /// A folder that keeps cards across restarts, and its size.
        package var cacheFolder: URL?
        package var cacheBytes = 1 << 30
        /// PNG's compression, JPEG's and WebP's quality (`--png-compression`, `--quality`, `--lossless`).
        package var encoding = StillEncoding()
        /// The program's version, part of every ETag.
        package var version = "0"
        /// Connections and timeouts (tests shorten them).
        package var limits = ConnectionLimits.standard
        /// Gets one JSON line per request (the access log); nil logs nothing.
        package var accessLog: (@Sendable (String) -> Void)?

        package init() {}
    }

    package let configuration: Configuration
    let folder: CardFolder
    let hosts: AllowedHosts
    let metrics = ServeMetrics()
    let memory: CardMemoryCache
    let disk: CardDiskCache?
    let queue: RenderQueue
    /// Cards being drawn, by ETag: requests for one card at once share its drawing.
    private let drawing = NIOLockedValueBox<[String: CardJob]>([:])
    let gauge = ConnectionGauge()
    private let server = BoundedServer()

    /// Serves the templates of `folder`, each read with `decoder`'s settings (effects, locale,
    /// asset policy) and its fonts held to `fontCheck`. Throws when the folder or the cache
    /// folder cannot be used.
    package init(folder: URL, decoder: SceneDecoder, fontCheck: FontCheck?, configuration: Configuration) throws {
        self.configuration = configuration
        self.folder = try CardFolder(folder: folder, decoder: decoder, fontCheck: fontCheck)
        memory = CardMemoryCache(byteBudget: configuration.memoryCacheBytes)
        disk = try configuration.cacheFolder.map { try CardDiskCache(folder: $0, byteBudget: configuration.cacheBytes) }
        queue = RenderQueue(workers: configuration.workers, maximumWaiting: configuration.maximumWaiting)
        hosts = .serving(host: configuration.host, extraHosts: configuration.extraHosts)
    }

    /// Serves until SIGINT or SIGTERM (with `stopsOnSignals`) or `stop()`; requests under way
    /// finish first. `onListening` gets the server's URL once the port is bound.
    package func run(stopsOnSignals: Bool = true, onListening: @escaping @Sendable (String) -> Void) async throws {
        try await server.run(router: makeRouter(), host: configuration.host, port: configuration.port, limits: configuration.limits,
                             gauge: gauge, stopsOnSignals: stopsOnSignals, label: "texteffects.serve") { [hosts, configuration] port, bound in
            hosts.listening(on: port)
            onListening("http://\(PreviewServer.pageHost(listeningOn: configuration.host, boundTo: bound)):\(port)/")
        }
    }

    /// Stops as SIGTERM does.
    package func stop() async {
        await server.stop()
    }

    func makeRouter() -> Router<PreviewRequestContext> {
        let router = Router(context: PreviewRequestContext.self)
        router.add(middleware: ResponsePacing())
        router.add(middleware: HostGuard(hosts: hosts))
        router.get("healthz") { [self] request, _ in
            logged(request, started: .now, Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                                                    body: ResponseBody(byteBuffer: ByteBuffer(string: "ok\n"))))
        }
        router.get("metrics") { [self] request, _ in
            let load = queue.load
            let text = metrics.text(running: load.running, waiting: load.waiting, memoryBytes: memory.storedBytes, diskBytes: disk?.storedBytes)
            return logged(request, started: .now, Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                                                           body: ResponseBody(byteBuffer: ByteBuffer(string: text))))
        }
        router.get("/") { [self] request, _ in
            logged(request, started: .now, (try? Response.json(CardIndex(folder: folder))) ?? Response(status: .internalServerError))
        }
        router.get("**") { [self] request, _ in await answerCard(request) }
        // HEAD: the headers GET would send (link checkers, CDNs), the card drawn all the same.
        router.head("**") { [self] request, _ in
            var response = await answerCard(request)
            let length = response.body.contentLength
            response.body = ResponseBody(contentLength: length ?? 0) { writer in try await writer.finish(nil) }
            return response
        }
        return router
    }

    /// A card route's answer: the card, 304, or the problem, counted and logged.
    private func answerCard(_ request: Request) async -> Response {
        let started = ContinuousClock.now
        do {
            let (response, source, template) = try await card(for: request)
            if let source { metrics.served(from: source) }
            return logged(request, started: started, response, source: source, template: template)
        } catch {
            return logged(request, started: started, Self.problem(error), error: error)
        }
    }

    /// The card for a request, and where its bytes came from.
    private func card(for request: Request) async throws(CardRequestError) -> (Response, ServeMetrics.Source?, String) {
        let values = try CardQuery.values(request.uri.query)
        for _ in 0..<3 {
            let (template, format) = try folder.template(at: request.uri.path)
            let key = CardMemoryCache.key(template: template.name, format: format, values: values)
            if let kept = memory.card(for: key), kept.template == template.stamp, CardTemplate.unchanged(kept.files) {
                let response = answer(etag: kept.etag, bytes: kept.bytes, format: format, to: request)
                return (response, response.status == .notModified ? .notModified : .memory, template.name)
            }
            let prepared: PreparedCard?
            do {
                prepared = try template.card(values: values, format: format, encoding: configuration.encoding, version: configuration.version)
            } catch {
                throw Self.requestProblem(error, template: template.name)
            }
            // A file the card read changed since the template first saw it: read it again.
            guard let prepared else {
                folder.forget(template)
                continue
            }
            if isNotModified(request, etag: prepared.etag) {
                return (answer(etag: prepared.etag, bytes: Data(), format: format, to: request), .notModified, template.name)
            }
            if let bytes = disk?.card(etag: prepared.etag, format: format) {
                memory.keep(.init(etag: prepared.etag, bytes: bytes, files: prepared.files, template: template.stamp), for: key)
                return (answer(etag: prepared.etag, bytes: bytes, format: format, to: request), .disk, template.name)
            }
            let bytes = try await draw(prepared, key: key)
            return (answer(etag: prepared.etag, bytes: bytes, format: format, to: request), .render, template.name)
        }
        throw CardRequestError(status: 503, message: "the template's files keep changing; ask again", retryAfter: 1)
    }

    /// Draws the card, or waits for the drawing of it already under way, for at most the time limit.
    private func draw(_ card: PreparedCard, key: String) async throws(CardRequestError) -> Data {
        let (job, isNew) = drawing.withLockedValue { jobs -> (CardJob, Bool) in
            if let job = jobs[card.etag] { return (job, false) }
            let job = CardJob()
            jobs[card.etag] = job
            return (job, true)
        }
        if isNew {
            let submitted = queue.submit { [self] in
                let start = ContinuousClock.now
                let outcome = Result { try card.encoded() }
                metrics.rendered(seconds: (ContinuousClock.now - start).seconds)
                if case .success(let bytes) = outcome {
                    memory.keep(.init(etag: card.etag, bytes: bytes, files: card.files, template: card.template.stamp), for: key)
                    disk?.keep(bytes, etag: card.etag, format: card.format)
                }
                drawing.withLockedValue { $0[card.etag] = nil }
                job.finish(outcome)
            }
            guard submitted else {
                drawing.withLockedValue { $0[card.etag] = nil }
                job.finish(.failure(CancellationError()))
                throw CardRequestError(status: 503, message: "\(queue.workers) cards are being drawn and \(queue.maximumWaiting) wait; ask again shortly",
                                       retryAfter: 1)
            }
        }
        let limit = configuration.timeLimit
        let outcome: Result<Data, any Error>? = await withTaskGroup(of: Result<Data, any Error>?.self) { group in
            group.addTask {
                do { return .success(try await job.value()) } catch { return .failure(error) }
            }
            group.addTask {
                try? await Task.sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
        switch outcome {
        case .success(let bytes)?:
            return bytes
        case .failure(let error)?:
            throw Self.requestProblem(error, template: card.template.name)
        case nil:
            throw CardRequestError(status: 503, message: "the card took longer than \(limit.seconds.formatted()) s to draw; it is still being drawn, ask again",
                                   retryAfter: 1)
        }
    }

    /// Whether the request's `If-None-Match` names `etag` (or is `*`).
    private func isNotModified(_ request: Request, etag: String) -> Bool {
        guard let header = request.headers[.ifNoneMatch] else { return false }
        return header.split(separator: ",").contains { tag in
            var tag = tag.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return tag == "*" || tag == "\"\(etag)\""
        }
    }

    /// 200 with the card, or 304 when the client has it.
    private func answer(etag: String, bytes: Data, format: String, to request: Request) -> Response {
        var response: Response
        if isNotModified(request, etag: etag) {
            response = Response(status: .notModified)
        } else {
            response = .bytes(bytes, type: CardFolder.contentType(of: format))
        }
        response.headers[.eTag] = "\"\(etag)\""
        response.headers[.cacheControl] = configuration.cacheControl
        return response
    }

    /// What went wrong with a card of `template`, as the request's fault (400: its values)
    /// or the server's (500).
    private static func requestProblem(_ error: any Error, template: String) -> CardRequestError {
        if let error = error as? CardRequestError { return error }
        if error is CancellationError {
            return CardRequestError(status: 503, message: "the server is too busy to draw the card; ask again shortly", retryAfter: 1)
        }
        if let error = error as? SceneError {
            let parameter = error.problems.lazy.compactMap { problem -> String? in
                guard problem.path.hasPrefix("parameters.") else { return nil }
                return String(problem.path.dropFirst("parameters.".count).prefix { $0 != "." && $0 != "[" })
            }.first
            return .badRequest(error.problems.map(\.description).joined(separator: "; "), parameter: parameter)
        }
        return CardRequestError(status: 500, message: "the card of \(template) could not be drawn: \(error)")
    }

    /// A request's problem as JSON: `{"error": …, "parameter": …}` with its status.
    private static func problem(_ error: CardRequestError) -> Response {
        struct Problem: Encodable {
            var error: String
            var parameter: String?
        }
        let status = HTTPResponse.Status(code: error.status)
        var response = (try? Response.json(Problem(error: error.message, parameter: error.parameter), status: status)) ?? Response(status: status)
        if let seconds = error.retryAfter { response.headers[.retryAfter] = String(seconds) }
        return response
    }

    /// Counts the response and writes its access log line.
    private func logged(_ request: Request, started: ContinuousClock.Instant, _ response: Response,
                        source: ServeMetrics.Source? = nil, template: String? = nil, error: CardRequestError? = nil) -> Response {
        metrics.answered(status: response.status.code)
        if let log = configuration.accessLog {
            let line = AccessLogLine(time: Date(), method: request.method.rawValue, path: request.uri.path, query: request.uri.query,
                                     status: response.status.code, bytes: response.body.contentLength,
                                     milliseconds: (ContinuousClock.now - started).seconds * 1000,
                                     source: source?.rawValue, template: template, error: error?.message)
            log(line.json)
        }
        return response
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
#endif
