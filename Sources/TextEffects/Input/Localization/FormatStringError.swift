/// Why a format string cannot be used, one case per cause; `specifier` is the conversion as
/// written (`%2$@`), `format` the whole string.
package enum FormatStringError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The string ends with a lone `%`.
    case lonePercent(format: String)
    /// A `%#@name@` substitution without its closing `@` (or without a name).
    case unclosedSubstitution(specifier: String, format: String)
    /// A `*` width, which takes its value from an argument.
    case starWidth(format: String)
    /// A precision of more than `limit` digits.
    case precisionTooLong(specifier: String, format: String, limit: Int)
    /// The string ends inside a conversion.
    case noConversion(specifier: String, format: String)
    /// A conversion character this renderer does not show.
    case unknownConversion(specifier: String, format: String)
    /// An explicit argument number outside 1 … `limit`.
    case argumentOutOfRange(specifier: String, format: String, limit: Int)
    /// More than `limit` sequential conversions.
    case tooManyConversions(format: String, limit: Int)

    /// What is wrong, naming the conversion and the string.
    public var message: String {
        switch self {
        case .lonePercent(let format): "a lone % at the end of \"\(format)\" (write %% for a percent sign)"
        case .unclosedSubstitution(let specifier, let format): "\(specifier) in \"\(format)\" has no closing @"
        case .starWidth(let format): "\"*\" widths are not supported in \"\(format)\""
        case .precisionTooLong(let specifier, let format, let limit): "\(specifier) in \"\(format)\": a precision is at most \(limit) digits"
        case .noConversion(let specifier, let format):
            "\(specifier) at the end of \"\(format)\" has no conversion (write %% for a percent sign)"
        case .unknownConversion(let specifier, let format):
            "\(specifier) in \"\(format)\" is not a conversion this renderer knows (use %@, %lld, %d, %f, %.2f, %x, %s or %% for a percent sign)"
        case .argumentOutOfRange(let specifier, let format, let limit): "\(specifier) in \"\(format)\": argument numbers run from 1 to \(limit)"
        case .tooManyConversions(let format, let limit): "\"\(format)\" has more than \(limit) conversions"
        }
    }

    public var description: String { message }
}
