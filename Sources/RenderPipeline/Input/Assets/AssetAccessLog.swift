import Foundation

/// The files and folders a scene's decoding looked for: what a preview must watch to know when
/// the scene's render changes.
///
/// Every path the scene names is resolved by `AssetRoot`, which writes it here, found or not:
/// a missing image the user is about to save is watched as well as the ones that loaded.
/// Shared by reference (the decoder's policy is copied into every `AssetRoot`), compared by
/// identity, and safe to write from several threads.
package final class AssetAccessLog: Hashable, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: Set<String> = []

    package init() {}

    /// Notes the absolute path of a file or folder the scene named.
    func record(_ path: String) {
        lock.withLock { _ = recorded.insert(path) }
    }

    /// Every absolute path noted so far.
    package var paths: Set<String> { lock.withLock { recorded } }

    package static func == (a: AssetAccessLog, b: AssetAccessLog) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
