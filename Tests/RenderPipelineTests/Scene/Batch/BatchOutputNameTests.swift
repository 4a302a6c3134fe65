import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// `--name` patterns: filled from the row (a value, else the default, else the row number for
/// `{{row}}`), never leaving the output folder whatever the data says.
@Suite struct BatchOutputNameTests {
    static func row(_ values: [String: JSONValue], number: Int = 7) -> DataRow {
        DataRow(number: number, line: number + 1, values: values)
    }

    @Test("values, defaults and the row number fill the pattern; the pattern may make folders")
    func fills() throws {
        let name = try BatchOutputName(pattern: "{{kind}}/{{ id }}-{{row}}.png")
        #expect(name.placeholders == ["kind", "id", "row"])
        #expect(try name.path(for: Self.row(["kind": .string("lamps"), "id": .number(42)]), defaults: [:]) == "lamps/42-7.png")
        #expect(try name.path(for: Self.row(["kind": .string(""), "id": .string("x")]), defaults: ["kind": "misc"]) == "misc/x-7.png")
        #expect(try name.path(for: Self.row(["kind": .string("a"), "id": .string("b"), "row": .string("r")]), defaults: [:]) == "a/b-r.png",
                "a column named row wins over the row number")
    }

    @Test("a value with a /, a control character, or that is empty, . or .. is refused", arguments: ["../up", "a/b", "..", ".", "", "tab\there"])
    func refusesValuesThatLeave(_ value: String) throws {
        let name = try BatchOutputName(pattern: "{{id}}.png")
        #expect(throws: BatchNameError.self) { try name.path(for: Self.row(["id": .string(value)]), defaults: [:]) }
    }

    @Test("a value that is missing without default, or a name too long, is refused")
    func refusesMissingAndLong() throws {
        let name = try BatchOutputName(pattern: "{{id}}.png")
        #expect(throws: BatchNameError("--name's {{id}} has no value in this row")) { try name.path(for: Self.row([:]), defaults: [:]) }
        #expect(throws: BatchNameError.self) { try name.path(for: Self.row(["id": .string(String(repeating: "x", count: 300))]), defaults: [:]) }
        #expect(try name.path(for: Self.row(["id": .string(String(repeating: "x", count: 250))]), defaults: [:]).count == 254)
    }

    @Test("patterns that are absolute, empty, or have empty, . or .. folders are refused", arguments: ["/abs/{{id}}", "", "../{{id}}", "a/../{{id}}", "a//{{id}}", "./{{id}}", "{{id}}/", "a\u{7}b"])
    func refusesPatterns(_ pattern: String) {
        #expect(throws: BatchNameError.self) { try BatchOutputName(pattern: pattern) }
    }
}
