import Foundation
@_spi(Fuzzing) import RenderPipeline

/// The data file every input is written to: one per process, rewritten for each input.
private let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-rows-\(getpid())")

/// One input: a data file, read to its end as CSV, TSV and JSON Lines in turn, as `batch` reads
/// its rows (libcsv through the row reader, Foundation's JSON for each line).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDataRows(_ bytes: UnsafeRawPointer, _ count: Int) -> CInt {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let data = Data(bytes: bytes, count: count)
    for name in ["rows.csv", "rows.tsv", "rows.jsonl"] {
        let url = folder.appendingPathComponent(name)
        guard (try? data.write(to: url)) != nil else { continue }
        FuzzingEntryPoints.readDataRows(at: url)
    }
    return 0
}
