// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Hummingbird
import NIOCore

/// A request's context, with the connection it came on: ``ResponsePacing`` waits on that
/// connection's event loop between the pieces of a body.
struct PreviewRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
#endif
