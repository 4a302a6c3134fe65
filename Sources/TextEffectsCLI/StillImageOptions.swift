// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import TextEffects

/// `--quality N` and `--lossless`: how JPEG and WebP stills are encoded (see `StillEncoding`).
struct StillImageOptions: ParsableArguments {
    @Option(help: ArgumentHelp("JPEG and lossy WebP quality, 1–100 (default 90).", valueName: "N"))
    var quality: Int = JPEGEncoder.defaultQuality

    @Flag(help: "WebP stills without loss (VP8L) instead of lossy at --quality.")
    var lossless = false

    func validate() throws {
        if !(1...100).contains(quality) { throw ValidationError("--quality must be between 1 and 100, not \(quality)") }
    }

    /// The encoding these options and PNG's `compression` ask for.
    func encoding(png compression: PNGCompression) -> StillEncoding {
        StillEncoding(pngCompression: compression, quality: quality, lossless: lossless)
    }
}
#endif
