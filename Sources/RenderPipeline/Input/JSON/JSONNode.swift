/// A value in a scene's JSON with its path, reading typed values and reporting problems there.
///
/// Every reader returns `nil` (and records a problem) when the value is present but wrong, so
/// decoding goes on and reports every problem in one run.
package struct JSONNode {
    public let value: JSONValue?
    public let path: String
    public let problems: SceneProblems

    public init(value: JSONValue?, path: String, problems: SceneProblems) {
        self.value = value
        self.path = path
        self.problems = problems
    }

    public var isPresent: Bool { value != nil && value != .null }

    public subscript(key: String) -> JSONNode {
        JSONNode(value: value?[key], path: path.isEmpty ? key : "\(path).\(key)", problems: problems)
    }

    public subscript(index: Int) -> JSONNode {
        JSONNode(value: value?.arrayValue.flatMap { index < $0.count ? $0[index] : nil },
                 path: "\(path)[\(index)]", problems: problems)
    }

    /// Records a problem at this node's path.
    public func problem(_ message: String) {
        problems.add(path, message)
    }

    /// Records "expected X, found Y" and returns nil.
    package func mismatch<T>(_ expected: String) -> T? {
        problem("expected \(expected), found \(value.map { "\($0.typeName) \($0)" } ?? "nothing")")
        return nil
    }

    /// Reports a missing required value.
    package func missing<T>() -> T? {
        problem("is required")
        return nil
    }

    /// An object whose keys must be among `known`; unknown keys are reported (they are usually typos).
    public func object(known: [String], required: Bool = true) -> [String: JSONValue]? {
        guard isPresent else { return required ? missing() : nil }
        guard let object = value?.objectValue else { return mismatch("an object") }
        for key in object.keys.sorted() where !known.contains(key) {
            self[key].problem("unknown field (expected one of: \(known.joined(separator: ", ")))")
        }
        return object
    }

    public func array(required: Bool = false) -> [JSONNode]? {
        guard isPresent else { return required ? missing() : nil }
        guard let array = value?.arrayValue else { return mismatch("an array") }
        return array.indices.map { self[$0] }
    }

    public func string(required: Bool = false) -> String? {
        guard isPresent else { return required ? missing() : nil }
        guard let s = value?.stringValue else { return mismatch("a string") }
        return s
    }

    public func bool() -> Bool? {
        guard isPresent else { return nil }
        guard let b = value?.boolValue else { return mismatch("true or false") }
        return b
    }

    /// A finite number in `range`.
    public func number(in range: ClosedRange<Double> = -1e6...1e6, required: Bool = false) -> Double? {
        guard isPresent else { return required ? missing() : nil }
        guard let n = value?.doubleValue, n.isFinite else { return mismatch("a number") }
        guard range.contains(n) else {
            problem("\(value!) is out of range (\(Self.format(range.lowerBound))–\(Self.format(range.upperBound)))")
            return nil
        }
        return n
    }

    /// A whole number in `range`.
    public func integer(in range: ClosedRange<Int>, required: Bool = false) -> Int? {
        guard isPresent else { return required ? missing() : nil }
        guard let n = value?.doubleValue, n.isFinite, n == n.rounded() else { return mismatch("a whole number") }
        // Double(Int.max) is 2⁶³, one past Int.max: compare against the powers of two, not
        // against the range's bounds converted, so Int(n) never traps.
        guard n >= -0x1p63, n < 0x1p63, range.contains(Int(n)) else {
            problem("\(value!) is out of range (\(range.lowerBound)–\(range.upperBound))")
            return nil
        }
        return Int(n)
    }

    /// One of a fixed set of names.
    public func choice<T>(_ options: [(String, T)], required: Bool = false) -> T? {
        guard let s = string(required: required) else { return nil }
        guard let match = options.first(where: { $0.0 == s }) else {
            problem("\(value!) is not one of: \(options.map(\.0).joined(separator: ", "))")
            return nil
        }
        return match.1
    }

    /// A raw-representable enum's case by name.
    public func enumeration<T: RawRepresentable & CaseIterable>(_ type: T.Type, required: Bool = false) -> T? where T.RawValue == String {
        choice(T.allCases.map { ($0.rawValue, $0) }, required: required)
    }

    /// A color: `#RGB`, `#RRGGBB`, `#RRGGBBAA` or a name.
    public func color(required: Bool = false) -> Color? {
        guard let s = string(required: required) else { return nil }
        guard let color = Color(parsing: s) else {
            problem("\(value!) is not a color (use #RGB, #RRGGBB, #RRGGBBAA or a color name)")
            return nil
        }
        return color
    }

    public static func format(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }
}
