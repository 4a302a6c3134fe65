// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import Foundation
import TextEffects

extension RenderCommand {
    /// Refuses, before any work and as the input's fault, a vector render that cannot be made:
    /// more PDF pages than the limit, or options that only make sense for pixels.
    func checkVector(links: LinkReportOptions, count: Int) throws {
        if links.overlay {
            throw CommandFailure.input("--links-overlay outlines links on pixels; --format \(format) makes them real links (PDF link annotations, SVG <a> elements): drop --links-overlay, or render PNG frames to check them by eye")
        }
        if animationFormat == .pdf, count > VectorFormat.maximumPDFPages {
            throw CommandFailure.input("--format pdf: this render has \(count) frames and a PDF holds at most \(VectorFormat.maximumPDFPages) pages (one per frame); render fewer (--frame-range A-B, --fps, --frames) or split it with --shard")
        }
    }

    /// Writes `frames` as SVG files (one per frame, on `workers` threads) or as one PDF (a page
    /// per frame), each file under a temporary name and then renamed into place.
    func renderVector(_ renderer: SceneRenderer, frames: Range<Int>, to destination: URL, tracker: LinkTracker,
                      report: LinkReportWriter?, workers: Int) throws {
        let progress = progressOptions.reporter(total: frames.count, quiet: quiet)
        do {
            if animationFormat == .pdf {
                try OutputPlace.createFolder(destination.deletingLastPathComponent())
                let data = try renderer.pdfData(ofFrames: frames, links: tracker, isCancelled: { Interruption.isRequested }) {
                    progress.advance()
                }
                try AtomicFile.write(data, to: destination)
            } else {
                let file = outNamesFile ? destination : nil
                if file == nil { try OutputPlace.createFolder(destination) } else { try OutputPlace.createFolder(destination.deletingLastPathComponent()) }
                let digits = FrameFileName.digits(forFrameCount: frames.upperBound)
                try Interruption.forEach(frames, workers: workers) { index in
                    let url = file ?? destination.appendingPathComponent(FrameFileName.name(ofFrame: index, digits: digits, fileExtension: "svg"))
                    try AtomicFile.write(try renderer.svgData(ofFrame: index, links: tracker), to: url)
                    progress.advance()
                }
            }
        } catch {
            report?.cancel()
            try Interruption.exitIfRequested()
            throw CommandFailure.run(error)
        }
        progress.finish(outNamesFile || animationFormat == .pdf ? "wrote \(destination.path)"
                        : "wrote \(frames.count) frame\(frames.count == 1 ? "" : "s") to \(destination.path)")
    }
}
#endif
