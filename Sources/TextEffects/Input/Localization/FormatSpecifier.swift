/// One `%` conversion of a printf-style format string, as Foundation's `String(format:)` and
/// String Catalogs write them: `%lld`, `%@`, `%1$@`, `%.2f`, `%#@items@`.
package struct FormatSpecifier: Hashable, Sendable {
    /// What kind of value a conversion takes.
    public enum Kind: Hashable, Sendable {
        /// `d i u`: a whole number, in the locale's digits with grouping.
        case integer
        /// `o x X`: a whole number in octal or hexadecimal, as written.
        case radix
        /// `f F e E g G a A`: any number.
        case floating
        /// `@`: any value: text as written, a number or a date formatted for the locale.
        case object
        /// `s S c C`: text.
        case text
        /// `%#@name@`: a substitution (a plural variation of one argument).
        case variable(String)
    }

    public var kind: Kind
    /// The conversion character (`d`, `f`, `@`, …; `@` for a variable).
    public var conversion: Character
    /// The 1-based argument this conversion reads.
    public var argument: Int
    /// Digits after the point (`%.2f`), when given.
    public var precision: Int?
    /// The specifier as written, for messages.
    public var text: String

    /// Whether the conversion shows a number (so it can choose a plural form).
    public var isNumeric: Bool {
        switch kind {
        case .integer, .radix, .floating: true
        default: false
        }
    }
}

/// A format string split into literal text and conversions.
package struct FormatString: Hashable, Sendable {
    public enum Piece: Hashable, Sendable {
        case literal(String)
        case specifier(FormatSpecifier)
    }

    public var pieces: [Piece]

    /// The conversions, in order.
    public var specifiers: [FormatSpecifier] {
        pieces.compactMap { if case .specifier(let s) = $0 { return s } else { return nil } }
    }

    /// The largest argument number used (0 for none).
    public var argumentCount: Int { specifiers.map(\.argument).max() ?? 0 }

    /// Argument positions above this are refused: no real string has that many.
    public static let maximumArgument = 64

    /// Precisions above this are refused: a number is never shown with more digits, and
    /// `%.1000000f` would build a million-digit string.
    public static let maximumPrecision = 100

    /// Parses `format`; throws a message naming the bad conversion.
    ///
    /// Flags and field widths are read and ignored (text is not laid out in columns); length
    /// modifiers (`l`, `ll`, `h`, `q`, `z`, `t`, `j`, `L`) say nothing a JSON value needs.
    public init(parsing format: String) throws(FormatStringError) {
        var pieces: [Piece] = []
        var literal = ""
        var sequential = 0
        let characters = Array(format)
        var i = 0
        func digits() -> Int? {
            var value: Int?
            while i < characters.count, let digit = characters[i].wholeNumberValue, characters[i].isASCII {
                value = min((value ?? 0) * 10 + digit, 1_000_000)
                i += 1
            }
            return value
        }
        while i < characters.count {
            let c = characters[i]
            guard c == "%" else { literal.append(c); i += 1; continue }
            let start = i
            i += 1
            guard i < characters.count else { throw FormatStringError.lonePercent(format: format) }
            if characters[i] == "%" { literal.append("%"); i += 1; continue }
            // %n$ (explicit argument), then flags, width, precision, length, conversion.
            var position: Int?
            let save = i
            if let n = digits(), i < characters.count, characters[i] == "$" {
                position = n
                i += 1
            } else {
                i = save
            }
            var isVariable = false
            while i < characters.count, "-+ 0#'".contains(characters[i]) {
                if characters[i] == "#", i + 1 < characters.count, characters[i + 1] == "@" { isVariable = true; i += 1; break }
                i += 1
            }
            var kind: FormatSpecifier.Kind
            var conversion: Character = "@"
            var precision: Int?
            if isVariable {
                // %#@name@
                i += 1
                var name = ""
                while i < characters.count, characters[i] != "@" { name.append(characters[i]); i += 1 }
                guard i < characters.count, !name.isEmpty else {
                    throw FormatStringError.unclosedSubstitution(specifier: String(characters[start..<min(i, characters.count)]), format: format)
                }
                i += 1
                kind = .variable(name)
            } else {
                _ = digits()
                if i < characters.count, characters[i] == "*" { throw FormatStringError.starWidth(format: format) }
                if i < characters.count, characters[i] == "." {
                    i += 1
                    precision = digits() ?? 0
                    if let precision, precision > Self.maximumPrecision {
                        throw FormatStringError.precisionTooLong(specifier: String(characters[start..<i]), format: format, limit: Self.maximumPrecision)
                    }
                }
                while i < characters.count, "hlqLztj".contains(characters[i]) { i += 1 }
                guard i < characters.count else {
                    throw FormatStringError.noConversion(specifier: String(characters[start...]), format: format)
                }
                conversion = characters[i]
                i += 1
                switch conversion {
                case "d", "i", "u", "D", "U": kind = .integer
                case "o", "O", "x", "X": kind = .radix
                case "f", "F", "e", "E", "g", "G", "a", "A": kind = .floating
                case "@": kind = .object
                case "s", "S", "c", "C": kind = .text
                default:
                    throw FormatStringError.unknownConversion(specifier: String(characters[start..<i]), format: format)
                }
            }
            let argument: Int
            if let position {
                guard position >= 1, position <= Self.maximumArgument else {
                    throw FormatStringError.argumentOutOfRange(specifier: String(characters[start..<i]), format: format, limit: Self.maximumArgument)
                }
                argument = position
            } else {
                sequential += 1
                argument = sequential
                guard argument <= Self.maximumArgument else { throw FormatStringError.tooManyConversions(format: format, limit: Self.maximumArgument) }
            }
            if !literal.isEmpty { pieces.append(.literal(literal)); literal = "" }
            pieces.append(.specifier(FormatSpecifier(kind: kind, conversion: conversion, argument: argument,
                                                     precision: precision, text: String(characters[start..<i]))))
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }
}
