/// The bounds a streamed answer is held to, so that no chunk file, however large or odd, makes
/// texteffects run out of memory or time; docs/SCENE-FORMAT.md ("Streaming answers") lists them.
package enum StreamLimits {
    /// The largest chunk file, in bytes: 16 MB.
    package static let maximumFileSize = 16_000_000
    /// The most chunks in one stream (lines of a chunk file, or items of an inline array): 100,000.
    package static let maximumChunkCount = 100_000
    /// The latest time a chunk may arrive, in seconds (a day, as a scene's `duration`).
    package static let maximumTime = 86_400.0
    /// The fastest steady rate, in characters a second.
    package static let maximumCharactersPerSecond = 100_000.0
    /// Seconds a scene goes on after its last stream has arrived, when it gives no `duration`.
    package static let hold = 1.0
}
