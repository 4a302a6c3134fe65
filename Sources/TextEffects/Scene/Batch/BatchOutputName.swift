import Foundation

/// Where a batch row's output goes, inside the output folder: `--name "{{category}}/{{id}}.png"`
/// filled from the row.
///
/// A placeholder takes the row's value of that column (as written in the data, not formatted),
/// else its parameter's default, and `{{row}}` the row's number. The pattern may make
/// subfolders; a value may not: one with `/`, a control character, or that is `.` or `..`, is
/// the row's error, and so is a name that comes out empty, too long, or escaping the folder. So
/// data can never write outside `--out`.
package struct BatchOutputName: Sendable {
    /// The pattern as given.
    package let pattern: String
    /// The names its placeholders use, in order.
    package let placeholders: [String]

    /// The longest name of one folder or file, in bytes (Linux's `NAME_MAX`).
    package static let maximumComponentBytes = 255
    /// The longest whole relative path, in bytes.
    package static let maximumPathBytes = 1024

    /// Reads a pattern; its literal parts must already make a relative path of ordinary names.
    package init(pattern: String) throws(BatchNameError) {
        self.pattern = pattern
        placeholders = TemplatePlaceholders.matches(in: pattern).map(\.name)
        guard !pattern.isEmpty else { throw BatchNameError("--name is empty") }
        guard !pattern.hasPrefix("/") else { throw BatchNameError("--name \(pattern) is an absolute path; names are relative to --out") }
        guard !pattern.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw BatchNameError("--name has a control character")
        }
        for component in pattern.split(separator: "/", omittingEmptySubsequences: false) {
            guard !component.isEmpty, component != ".", component != ".." else {
                throw BatchNameError("--name \(pattern) has an empty, . or .. folder; names stay inside --out")
            }
        }
    }

    /// The row's output path relative to the output folder, or why it has none.
    ///
    /// - Parameter defaults: each parameter's default as text, for columns a row leaves empty.
    package func path(for row: DataRow, defaults: [String: String]) throws(BatchNameError) -> String {
        var result = ""
        var position = pattern.startIndex
        for match in TemplatePlaceholders.matches(in: pattern) {
            result += pattern[position..<match.range.lowerBound]
            position = match.range.upperBound
            let value: String
            if let given = row.values[match.name].flatMap(Self.text(of:)), !given.isEmpty {
                value = given
            } else if let fallback = defaults[match.name] {
                value = fallback
            } else if match.name == "row" {
                value = String(row.number)
            } else {
                throw BatchNameError("--name's {{\(match.name)}} has no value in this row")
            }
            guard !value.isEmpty, value != ".", value != "..", !value.contains("/"),
                  !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw BatchNameError("--name's {{\(match.name)}} is \(JSONValue.string(value).description), which cannot be part of a file name (a /, a control character, empty, . or ..)")
            }
            result += value
        }
        result += pattern[position...]
        for component in result.split(separator: "/") where component.utf8.count > Self.maximumComponentBytes {
            throw BatchNameError("the output name \(JSONValue.string(String(component.prefix(40))).description)… is longer than \(Self.maximumComponentBytes) bytes")
        }
        guard result.utf8.count <= Self.maximumPathBytes else {
            throw BatchNameError("the output name is longer than \(Self.maximumPathBytes) bytes")
        }
        return result
    }

    /// A data value as it reads in a file name: strings as written, numbers as JSON writes them.
    package static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let text): text
        case .number(let number): JSONNode.format(number)
        case .bool(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}
