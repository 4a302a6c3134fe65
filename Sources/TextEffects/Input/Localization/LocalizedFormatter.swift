import Foundation

/// Shows a localized value with its arguments in one language: chooses plural forms by the
/// language's CLDR rules and formats numbers and dates with Foundation for that locale.
struct LocalizedFormatter {
    let language: String
    let locale: Locale
    let rules: PluralRules
    /// Dates show in this zone unless an argument names its own (UTC: output does not depend on the machine).
    static let defaultTimeZone = TimeZone(identifier: "UTC")!

    init(language: String) {
        self.language = language
        locale = Locale(identifier: language)
        rules = PluralRules(locale: language)
    }

    // MARK: Checking

    /// The conversions a value uses, by argument (forms, substitutions and `%arg` included).
    func conversions(of value: LocalizedValue) throws(LocalizationError) -> [Int: [FormatSpecifier]] {
        var found: [Int: [FormatSpecifier]] = [:]
        for (format, substitutions) in value.allFormats() {
            try collect(format, substitutions: substitutions, into: &found, depth: 0)
        }
        return found
    }

    private func collect(_ format: String, substitutions: [String: LocalizedValue.Substitution], into found: inout [Int: [FormatSpecifier]],
                         depth: Int) throws(LocalizationError) {
        guard depth < 8 else { throw LocalizationError.nestedTooDeep("substitutions", limit: 8) }
        let parsed: FormatString
        do { parsed = try FormatString(parsing: format) } catch { throw LocalizationError.formatString(error) }
        for specifier in parsed.specifiers {
            guard case .variable(let name) = specifier.kind else {
                found[specifier.argument, default: []].append(specifier)
                continue
            }
            guard let substitution = substitutions[name] else {
                throw LocalizationError.unknownSubstitution(specifier: specifier.text, format: format, available: substitutions.keys.sorted())
            }
            var chooser = specifier
            chooser.argument = substitution.argument ?? specifier.argument
            found[chooser.argument, default: []].append(chooser)
            for (_, form) in substitution.plural.sorted(by: { $0.key < $1.key }) {
                for (text, _) in form.allFormats() {
                    try collect(Self.expandingArg(text, argument: chooser.argument, specifier: substitution.formatSpecifier),
                                substitutions: substitutions, into: &found, depth: depth + 1)
                }
            }
        }
    }

    /// Whether `argument` suits `specifier`; the message says why not.
    static func mismatch(_ specifier: FormatSpecifier, _ argument: LocalizedArgument) -> String? {
        switch (specifier.kind, argument) {
        case (.object, _): return nil
        case (.integer, .number(let n)), (.radix, .number(let n)):
            if n != n.rounded() { return "\(specifier.text) needs a whole number, found \(argument)" }
            if abs(n) > 9_007_199_254_740_992 { return "\(argument) is too large for \(specifier.text) (at most 2^53)" }
            return nil
        case (.floating, .number): return nil
        case (.variable, .number(let n)):
            return abs(n) > 1e15 ? "\(argument) is too large to choose a plural form (at most 10^15)" : nil
        case (.text, .string): return nil
        case (.integer, _), (.radix, _): return "\(specifier.text) needs a whole number, found \(argument.typeName) \(argument)"
        case (.floating, _), (.variable, _): return "\(specifier.text) needs a number, found \(argument.typeName) \(argument)"
        case (.text, _): return "\(specifier.text) needs a string, found \(argument.typeName) \(argument)"
        }
    }

    // MARK: Showing

    /// The value's text with `arguments` in place. Check first (`conversions`, `mismatch`): this
    /// throws on the first problem it meets.
    func format(_ value: LocalizedValue, arguments: [LocalizedArgument], depth: Int = 0) throws(LocalizationError) -> String {
        guard depth < 8 else { throw LocalizationError.nestedTooDeep("variations", limit: 8) }
        if !value.plural.isEmpty {
            let index = try pluralArgument(of: value, arguments: arguments)
            var form = try pluralForm(value.plural, argument: arguments[index - 1], specifier: numericSpecifier(in: value, argument: index))
            form.substitutions.merge(value.substitutions) { own, _ in own }
            return try format(form, arguments: arguments, depth: depth + 1)
        }
        if !value.device.isEmpty {
            // Not an Apple device: the `other` form, else the first by name.
            guard var form = value.device["other"] ?? value.device.sorted(by: { $0.key < $1.key }).first?.value else { return "" }
            form.substitutions.merge(value.substitutions) { own, _ in own }
            return try format(form, arguments: arguments, depth: depth + 1)
        }
        guard let text = value.format else { return "" }
        return try expand(text, substitutions: value.substitutions, arguments: arguments, depth: depth)
    }

    private func expand(_ format: String, substitutions: [String: LocalizedValue.Substitution], arguments: [LocalizedArgument],
                        depth: Int) throws(LocalizationError) -> String {
        guard depth < 8 else { throw LocalizationError.nestedTooDeep("substitutions", limit: 8) }
        let parsed: FormatString
        do { parsed = try FormatString(parsing: format) } catch { throw LocalizationError.formatString(error) }
        var result = ""
        for piece in parsed.pieces {
            switch piece {
            case .literal(let text): result += text
            case .specifier(let specifier):
                if case .variable(let name) = specifier.kind {
                    guard let substitution = substitutions[name] else { throw LocalizationError.noSubstitution(specifier: specifier.text) }
                    let index = substitution.argument ?? specifier.argument
                    guard index <= arguments.count else { throw LocalizationError.missingArgument(specifier: specifier.text, index: index, count: arguments.count) }
                    let shown = (try? FormatString(parsing: "%" + substitution.formatSpecifier))?.specifiers.first
                    let form = try pluralForm(substitution.plural, argument: arguments[index - 1], specifier: shown)
                    guard let text = form.format else { continue }
                    result += try expand(Self.expandingArg(text, argument: index, specifier: substitution.formatSpecifier),
                                         substitutions: substitutions, arguments: arguments, depth: depth + 1)
                } else {
                    guard specifier.argument <= arguments.count else {
                        throw LocalizationError.missingArgument(specifier: specifier.text, index: specifier.argument, count: arguments.count)
                    }
                    result += try show(arguments[specifier.argument - 1], as: specifier)
                }
            }
        }
        return result
    }

    /// `%arg` in a substitution's form, written as the conversion of the argument it stands for.
    static func expandingArg(_ text: String, argument: Int, specifier: String) -> String {
        text.replacingOccurrences(of: "%arg", with: "%\(argument)$\(specifier)")
    }

    /// The argument whose number chooses a plural variation: that of the first numeric
    /// conversion in the `other` form (or any form), else the first argument that is a number.
    private func pluralArgument(of value: LocalizedValue, arguments: [LocalizedArgument]) throws(LocalizationError) -> Int {
        let forms = [value.plural[.other]].compactMap { $0 } + value.plural.sorted(by: { $0.key < $1.key }).map(\.value)
        for form in forms {
            for (text, _) in form.allFormats() {
                if let specifier = (try? FormatString(parsing: text))?.specifiers.first(where: \.isNumeric), specifier.argument <= arguments.count {
                    return specifier.argument
                }
            }
        }
        if let index = arguments.firstIndex(where: { if case .number = $0 { true } else { false } }) { return index + 1 }
        throw LocalizationError.noPluralArgument
    }

    private func numericSpecifier(in value: LocalizedValue, argument: Int) -> FormatSpecifier? {
        for (text, _) in value.allFormats() {
            if let specifier = (try? FormatString(parsing: text))?.specifiers.first(where: { $0.isNumeric && $0.argument == argument }) {
                return specifier
            }
        }
        return nil
    }

    /// The form for a number: `zero` for 0 when the string has one (as Apple's plural rules do
    /// in every language), else the language's CLDR category, else `other`.
    func pluralForm(_ forms: [PluralCategory: LocalizedValue], argument: LocalizedArgument,
                    specifier: FormatSpecifier?) throws(LocalizationError) -> LocalizedValue {
        guard case .number(let n) = argument else {
            throw LocalizationError.pluralNotANumber(type: argument.typeName, value: "\(argument)")
        }
        let category = pluralCategory(of: n, specifier: specifier)
        if n == 0, let zero = forms[.zero] { return zero }
        guard let form = forms[category] ?? forms[.other] else { throw LocalizationError.noOtherForm }
        return form
    }

    func pluralCategory(of n: Double, specifier: FormatSpecifier?) -> PluralCategory {
        rules.category(of: n, fractionDigits: fractionDigits(of: n, specifier: specifier))
    }

    /// The digits after the point `n` shows with: `%.2f` two, `%lld` none, `%@` as many as it has (up to 6).
    private func fractionDigits(of n: Double, specifier: FormatSpecifier?) -> Int {
        if let specifier {
            switch specifier.kind {
            case .integer, .radix: return 0
            case .floating where "fF".contains(specifier.conversion): return specifier.precision ?? 6
            default: break
            }
        }
        for digits in 0...6 {
            let scale = pow(10, Double(digits))
            if abs((n * scale).rounded() - n * scale) < 1e-7 { return digits }
        }
        return 6
    }

    /// One argument as a conversion shows it in this locale.
    func show(_ argument: LocalizedArgument, as specifier: FormatSpecifier) throws(LocalizationError) -> String {
        if let message = Self.mismatch(specifier, argument) { throw LocalizationError.unsuitableArgument(message) }
        switch (specifier.kind, argument) {
        case (.integer, .number(let n)):
            return Int64(n).formatted(IntegerFormatStyle<Int64>.number.locale(locale))
        case (.radix, .number(let n)):
            let radix = "oO".contains(specifier.conversion) ? 8 : 16
            let digits = String(UInt64(bitPattern: Int64(n)), radix: radix, uppercase: specifier.conversion == "X")
            return digits
        case (.floating, .number(let n)):
            switch specifier.conversion {
            case "f", "F":
                return n.formatted(FloatingPointFormatStyle<Double>.number.precision(.fractionLength(specifier.precision ?? 6)).locale(locale))
            case "g", "G":
                let significant = max(1, specifier.precision ?? 6)
                return n.formatted(FloatingPointFormatStyle<Double>.number.precision(.significantDigits(1...significant)).locale(locale))
            default:
                // %e and %a: scientific and hexadecimal notation, as C writes them.
                return String(format: "%" + (specifier.precision.map { ".\($0)" } ?? "") + String(specifier.conversion), n)
            }
        case (_, .number(let n)):
            return n.formatted(FloatingPointFormatStyle<Double>.number.locale(locale))
        case (_, .string(let s)):
            return s
        case (_, .date(let date, let style, let timeZone)):
            return style.format(date, locale: locale, timeZone: timeZone)
        }
    }
}
