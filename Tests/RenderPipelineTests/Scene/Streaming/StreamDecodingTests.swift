import Effects
import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// A block's `stream`: timed chunks (a JSON Lines file or an inline array) or a steady rate over
/// its markdown, the text arrived at any time, the scene's default duration, and every bad
/// input reported at its JSON path or file:line.
@Suite final class StreamDecodingTests {
    /// Each test's own folder for its chunk files, removed when the test is done.
    let folder: URL

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("texteffects-stream-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func write(_ name: String, _ contents: String) {
        try? Data(contents.utf8).write(to: folder.appendingPathComponent(name))
    }

    func scene(block: String, top: String = "") -> String {
        #"{"canvas": {"width": 300, "height": 200}, "# + top
            + #""blocks": [{"id": "answer", "frame": {"x": 0, "y": 0, "width": 300, "height": 200}, "# + block + "}]}"
    }

    func decode(_ json: String) throws -> Scene {
        try SceneDecoder(effects: .builtIn).decode(Data(json.utf8), displayName: "s.json", baseDirectory: folder)
    }

    func problems(_ json: String) -> [String] { sceneProblemLines(json, baseDirectory: folder) }

    @Test func chunksArriveAtTheirTimes() throws {
        write("answer.jsonl", #"""
        {"t": 0.0, "text": "Hello"}
        {"t": 0.5, "text": ", **world"}

        {"t": 1.25, "text": "**!", "id": "chatcmpl-1"}
        """#)
        let decoded = try decode(scene(block: #""stream": {"chunks": "answer.jsonl"}"#))
        let stream = try #require(decoded.blocks[0].stream)
        #expect(stream.text == "Hello, **world**!")
        #expect(decoded.blocks[0].markdown?.text == "Hello, **world**!")
        #expect(stream.arrivedText(at: 0) == "Hello")
        #expect(stream.arrivedText(at: 0.49) == "Hello")
        #expect(stream.arrivedText(at: 0.5) == "Hello, **world")
        #expect(stream.arrivedText(at: 9) == "Hello, **world**!")
        // The scene lasts to the last chunk and a short hold.
        #expect(decoded.duration == 1.25 + StreamLimits.hold)
        #expect(!decoded.isStill)
        #expect(decoded.animatedBy == "blocks[0].stream")
    }

    @Test func inlineChunksAndAGivenDuration() throws {
        let decoded = try decode(scene(block: #""stream": {"chunks": [{"t": 0, "text": "A"}, {"t": 2, "text": "B"}]}"#, top: #""duration": 1, "#))
        #expect(decoded.blocks[0].stream?.arrivedText(at: 1) == "A")
        #expect(decoded.duration == 1)
    }

    @Test func charactersPerSecondStreamsTheMarkdownByGrapheme() throws {
        let decoded = try decode(scene(block: #""markdown": "Hi 👋🏽!", "stream": {"charactersPerSecond": 2, "start": 1}"#))
        let stream = try #require(decoded.blocks[0].stream)
        #expect(stream.arrivedText(at: 0.9) == "")
        #expect(stream.arrivedText(at: 1) == "H")
        #expect(stream.arrivedText(at: 2.5) == "Hi 👋🏽")
        #expect(stream.end == 1 + 4 / 2.0)
        #expect(decoded.duration == 3 + StreamLimits.hold)
    }

    @Test func aFrameShowsTheSettledTextArrivedByItsTime() throws {
        let decoded = try decode(scene(block: #""stream": {"chunks": [{"t": 0, "text": "Say **hel"}, {"t": 1, "text": "lo**"}]}"#, top: #""fps": 2, "#))
        let renderer = try SceneRenderer(scene: decoded)
        let layouts = try #require(renderer.streams[0])
        #expect(layouts.state(at: 0).layout.text == "Say hel")
        #expect(layouts.state(at: 0).layout.runs.contains { $0.text == "hel" && $0.font.weight == .bold })
        #expect(layouts.state(at: 1).layout.text == "Say hello")
        // What reports measure is the whole answer.
        #expect(renderer.layouts[0].text == "Say hello")
    }

    @Test func badChunkFilesNameTheirLine() {
        write("backwards.jsonl", "{\"t\": 1, \"text\": \"a\"}\n{\"t\": 0.5, \"text\": \"b\"}\n")
        write("broken.jsonl", "{\"t\": 0, \"text\": \"a\"}\n\n{\"t\": 1, \"text\": \n")
        write("untimed.jsonl", "{\"text\": \"a\"}\n")
        #expect(problems(scene(block: #""stream": {"chunks": "backwards.jsonl"}"#))
                == ["s.json: blocks[0].stream.chunks: backwards.jsonl:2: t 0.5 is before the previous chunk's 1; times never go back"])
        #expect(problems(scene(block: #""stream": {"chunks": "broken.jsonl"}"#)).first?.hasPrefix("s.json: blocks[0].stream.chunks: broken.jsonl:3: not valid JSON") == true)
        #expect(problems(scene(block: #""stream": {"chunks": "untimed.jsonl"}"#))
                == [#"s.json: blocks[0].stream.chunks: untimed.jsonl:1: needs "t", the chunk's time in seconds"#])
        #expect(problems(scene(block: #""stream": {"chunks": "nowhere.jsonl"}"#)).first?.hasPrefix(#"s.json: blocks[0].stream.chunks: "nowhere.jsonl" does not exist"#) == true)
    }

    @Test func badStreamFieldsNameTheirPath() {
        #expect(problems(scene(block: #""markdown": "x", "stream": {"charactersPerSecond": -3}"#))
                == ["s.json: blocks[0].stream.charactersPerSecond: -3 is out of range (0–100000)"])
        #expect(problems(scene(block: #""markdown": "x", "stream": {"charactersPerSecond": 0}"#)).first?.hasPrefix("s.json: blocks[0].stream.charactersPerSecond: 0 characters") == true)
        #expect(problems(scene(block: #""markdown": "x", "stream": {"charactersPerSecond": "fast"}"#))
                == [#"s.json: blocks[0].stream.charactersPerSecond: expected a number, found a string "fast""#])
        #expect(problems(scene(block: #""stream": {"chunks": [{"t": 1, "text": "a"}, {"t": 0, "text": "b"}]}"#))
                == ["s.json: blocks[0].stream.chunks[1].t: 0 is before the previous chunk's 1; times never go back"])
        #expect(problems(scene(block: #""text": "x", "stream": {"charactersPerSecond": 5}"#)).contains("s.json: blocks[0].stream: streams a markdown answer; this block has text"))
        #expect(problems(scene(block: #""markdown": "x", "lineLimit": 2, "stream": {"charactersPerSecond": 5}"#))
                == ["s.json: blocks[0].lineLimit: a streamed answer is never cut or shrunk: it scrolls to follow its end in the frame's height"])
        #expect(problems(scene(block: #""markdown": "x", "stream": {"chunks": [], "charactersPerSecond": 5}"#))
                == ["s.json: blocks[0].stream: has chunks and charactersPerSecond; give one"])
    }
}
