import CPango
import Foundation

/// A SHA-256 digest built up piece by piece: GLib's `GChecksum` (GLib comes with Pango).
///
/// Card ETags and cache file names are digests of what a card is made from, so they stay the
/// same across restarts and machines and cannot be steered into each other by a query.
final class CardDigest {
    private let checksum: OpaquePointer

    init() {
        // GLib aborts rather than return NULL when it cannot allocate.
        checksum = g_checksum_new(G_CHECKSUM_SHA256)
    }

    deinit {
        g_checksum_free(checksum)
    }

    /// Adds `bytes`.
    func update(_ bytes: some ContiguousBytes) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0 else { return }
            g_checksum_update(checksum, base.assumingMemoryBound(to: UInt8.self), raw.count)
        }
    }

    /// Adds `text` and a separator no text holds, so that ("ab", "c") and ("a", "bc") differ.
    func update(field text: String) {
        update(Array(text.utf8))
        update([0xFF] as [UInt8])
    }

    /// The digest in lowercase hexadecimal (64 characters). Nothing may be added afterwards.
    func hexadecimal() -> String {
        String(cString: g_checksum_get_string(checksum))
    }

    /// The digest of one piece of data.
    static func hexadecimal(of bytes: some ContiguousBytes) -> String {
        let digest = CardDigest()
        digest.update(bytes)
        return digest.hexadecimal()
    }
}
