import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A manifest line quotes names and errors as JSONEncoder does, whichever way it gets there.
@Suite struct BatchManifestEntryTests {
    static func encoded(_ text: String) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return try #require(String(data: encoder.encode(text), encoding: .utf8))
    }

    @Test("outputs and errors are quoted as JSONEncoder quotes them", arguments: [
        "card-00001.png", "a/b c.png", "", "say \"hi\".png", #"back\slash"#, "tab\there", "caf\u{E9}.png", "del\u{7F}",
        "line\nbreak", "~!@#$%^&*()_+{}|:<>?`-=[];',./",
    ])
    func quotedLikeJSONEncoder(_ text: String) throws {
        let entry = BatchManifestEntry(row: 3, line: 4, output: text, status: .failed, error: text, time: 0.25)
        let quoted = try Self.encoded(text)
        #expect(entry.jsonLine == "{\"row\":3,\"line\":4,\"output\":\(quoted),\"status\":\"failed\",\"error\":\(quoted),\"time\":0.25}")
    }
}
