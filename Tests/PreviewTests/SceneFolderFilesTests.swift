import Foundation
import Testing
@testable import Preview

@Suite("scene folder files")
struct SceneFolderFilesTests {
    @Test("paths are refused before anything is looked at when they climb, hide or smuggle a slash")
    func refusals() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-files-\(UUID().uuidString)")
        let site = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("art"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try Data("<svg/>".utf8).write(to: site.appendingPathComponent("art/a b.svg"))
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent("link").path, withDestinationPath: root.path)
        let files = SceneFolderFiles(folder: site)
        guard case .file(let file, let type) = files.file(at: "art/a%20b.svg") else {
            Issue.record("a file of the folder was not served")
            return
        }
        #expect(try file.contents() == Data("<svg/>".utf8) && type == "image/svg+xml")
        for path in ["../secret.txt", "%2E%2E/secret.txt", "art/..%2F..%2Fsecret.txt", "art//a%20b.svg", ".hidden", "art/%00",
                     "link/secret.txt", "art", "%zz"] {
            guard case .refused = files.file(at: Substring(path)) else {
                Issue.record("\(path) was not refused")
                continue
            }
        }
        guard case .missing = files.file(at: "art/none.png") else {
            Issue.record("a missing file is not reported missing")
            return
        }
    }

    @Test("a file is read from the descriptor its checks opened: a link swapped in afterwards is never followed")
    func swappedAfterOpening() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-files-\(UUID().uuidString)")
        let site = root.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        let served = site.appendingPathComponent("notes.txt")
        try Data("notes of the scene".utf8).write(to: served)
        guard case .file(let file, _) = SceneFolderFiles(folder: site).file(at: "notes.txt") else {
            Issue.record("a file of the folder was not served")
            return
        }
        try FileManager.default.removeItem(at: served)
        try FileManager.default.createSymbolicLink(atPath: served.path, withDestinationPath: root.appendingPathComponent("secret.txt").path)
        #expect(try file.contents() == Data("notes of the scene".utf8))
    }
}

extension OpenedFile {
    /// Every byte, read as the server does: in pieces at increasing offsets.
    func contents() throws -> Data {
        var data = Data(count: size)
        var filled = 0
        while filled < size {
            let count = try data.withUnsafeMutableBytes { try read(into: UnsafeMutableRawBufferPointer(rebasing: $0[filled...]), at: filled) }
            guard count > 0 else { break }
            filled += count
        }
        return data.prefix(filled)
    }
}
