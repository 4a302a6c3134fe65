import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Each cause of an unread asset says what it said when the error was a kind and a string, and
/// sorts into the kind its callers answer (a missing string table is skipped, a refused one is
/// an error).
@Suite struct AssetErrorTests {
    static let cases: [(AssetError, AssetError.Kind, String)] = [
        (.refused(why: "it is an absolute path", rule: "a scene's files are read only inside its folder"), .outside,
         "it is an absolute path; a scene's files are read only inside its folder"),
        (.missing, .missing, "no such file"),
        (.notAFolder, .unreadable, "not a folder"),
        (.nulCharacter, .unreadable, "the path contains a NUL character"),
        (.tooManyEntries(limit: 10_000), .unreadable, "it holds more than 10000 files and folders"),
        (.notRegularInFolder(shown: "fonts/pipe"), .unreadable,
         "\"fonts/pipe\" in it is not a regular file (a FIFO or device would block fontconfig)"),
        (.folder, .unreadable, "it is a folder"),
        (.fifo, .unreadable, "it is a FIFO, not a regular file"),
        (.device, .unreadable, "it is a device, not a regular file"),
        (.socket, .unreadable, "it is a socket, not a regular file"),
        (.notRegular, .unreadable, "it is not a regular file"),
        (.socketOrDevice, .unreadable, "it is a socket or device, not a regular file"),
        (.tooLarge(limit: "64 MB"), .unreadable, "larger than 64 MB; not read"),
        (.permissionDenied, .unreadable, "permission denied"),
        (.linkLoop, .unreadable, "symbolic links loop, or one changed while it was read"),
        (.readFailed("Input/output error"), .unreadable, "read failed: Input/output error"),
        (.system("No space left on device"), .unreadable, "No space left on device"),
    ]

    @Test("each cause keeps its words and its kind", arguments: 0..<cases.count)
    func reasonAndKind(index: Int) {
        let (error, kind, reason) = Self.cases[index]
        #expect(error.reason == reason)
        #expect(error.kind == kind)
    }

    @Test("a FIFO, a folder and a missing file are told apart by the reader itself")
    func readerGivesTheCause() throws {
        #expect(throws: AssetError.folder) { try RegularFile.read("/tmp", limit: 1 << 20) }
        #expect(throws: AssetError.missing) { try RegularFile.read("/nonexistent/texteffects-asset", limit: 1 << 20) }
    }
}
