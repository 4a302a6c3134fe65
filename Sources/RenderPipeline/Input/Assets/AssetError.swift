/// Why a file a scene names was not read: refused (outside the root) or unreadable.
package struct AssetError: Error, Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// The path leads out of the asset root; nothing outside was looked at or read.
        case outside
        /// Nothing is there (inside the root).
        case missing
        /// Something is there but cannot be read as asked (a folder, a FIFO, too large, …).
        case unreadable
    }

    package var kind: Kind
    /// Words that finish "cannot be read (…)", e.g. "no such file".
    package var reason: String

    init(_ kind: Kind, _ reason: String) {
        self.kind = kind
        self.reason = reason
    }

    static let missing = AssetError(.missing, "no such file")
    static let notAFolder = AssetError(.unreadable, "not a folder")
}
