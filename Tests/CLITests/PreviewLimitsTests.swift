// Only with the package trait `Preview` (Package.swift): the server stack is not there without it.
#if Preview
import Foundation
import Testing

/// `texteffects preview` stays small whatever its clients do: the reproducers of clients that
/// never read a large file, and of idle connections in numbers, against the built binary.
@Suite("preview limits", .serialized)
struct PreviewLimitsTests {
    static let scene = """
    {"version": 1, "canvas": {"width": 120, "height": 40, "background": "#FFFFFF"},
     "blocks": [{"id": "t", "frame": {"x": 2, "y": 2, "width": 110}, "text": "Hi",
                 "style": {"font": {"family": "DejaVu Sans", "size": 16}, "color": "#101010"}}]}
    """

    /// The resident memory of process `pid`, in bytes.
    static func residentBytes(of pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// The descriptors process `pid` has open.
    static func openDescriptors(of pid: Int32) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? 0
    }

    @Test("24 clients that never read a 64 MB file leave the preview's memory near where it was; a reader gets its file whole")
    func nonReadingClients() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("scene.json", Self.scene)
        // Sparse: 64 MB (the largest file served) that take no disk.
        let big = folder.url.appendingPathComponent("big.bin").path
        let fd = open(big, O_CREAT | O_WRONLY, 0o644)
        try #require(fd >= 0 && ftruncate(fd, 64 << 20) == 0)
        close(fd)
        // Bytes that never repeat a piece (xorshift), so a piece out of place would show.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let words = (0..<(3 << 17) + 999).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let pattern = words.withUnsafeBytes { Data($0) }
        try pattern.write(to: folder.url.appendingPathComponent("pattern.bin"))
        let preview = try PreviewProcess(["scene.json"], in: folder.url)
        defer { preview.stop() }
        let pid = preview.process.processIdentifier
        _ = try RawHTTP.get("/scene.json", port: preview.port)
        let before = Self.residentBytes(of: pid)

        var stuck: [Int32] = []
        defer { for socket in stuck { close(socket) } }
        for _ in 0..<24 { stuck.append(try RawHTTP.getWithoutReading("/files/big.bin", port: preview.port)) }
        // Long enough for each to fill what the system and the server buffer for it (a whole
        // file each used to be read within this).
        Thread.sleep(forTimeInterval: 3)
        let after = Self.residentBytes(of: pid)
        // 24 × 64 MB were 1.5 GB; bounded, they are 24 × at most 256 KB.
        #expect(after - before < 64 << 20, "the preview grew from \(before >> 20) MB to \(after >> 20) MB")

        let response = try RawHTTP.get("/files/pattern.bin", port: preview.port)
        #expect(response.status == 200 && response.body == pattern)
    }

    @Test("190 connections that send nothing: the preview holds at most 64 of them open")
    func idleConnections() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        try folder.write("scene.json", Self.scene)
        let preview = try PreviewProcess(["scene.json"], in: folder.url)
        defer { preview.stop() }
        let pid = preview.process.processIdentifier
        _ = try RawHTTP.get("/scene.json", port: preview.port)
        let before = Self.openDescriptors(of: pid)

        var idle: [Int32] = []
        defer { for socket in idle { close(socket) } }
        for _ in 0..<190 { idle.append(try RawHTTP.connectWithoutWaiting(port: preview.port)) }
        Thread.sleep(forTimeInterval: 1)
        let held = Self.openDescriptors(of: pid) - before
        #expect(held <= 64, "the preview holds \(held) more descriptors with 190 idle clients")
        #expect(held >= 60, "the idle clients did not reach the preview (\(held) descriptors): the test proves nothing")
        // And it still answers once they go.
        for socket in idle { close(socket) }
        idle = []
        #expect(try RawHTTP.get("/scene.json", port: preview.port, timeout: 10).status == 200)
    }
}
#endif
