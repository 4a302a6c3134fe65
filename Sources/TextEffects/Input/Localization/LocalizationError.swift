/// A string table that cannot be read, or a string that cannot be shown as asked, one case per
/// cause: each message names the file (and, for a catalog's JSON, the path in it) or the key and
/// language.
package indirect enum LocalizationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What a string's problem is about, so a scene can report it at the field.
    public enum Subject: Hashable, Sendable {
        /// The table files, or the key's text (missing key, malformed format string).
        case key
        /// How many arguments there are.
        case arguments
        /// One argument (0-based).
        case argument(Int)
    }

    // MARK: Reading tables

    /// The table file is missing, refused or unreadable; `reason` finishes "cannot read the file (…)".
    case unreadable(file: String, reason: String)
    /// The table file is larger than `limit` bytes.
    case tooLarge(file: String, limit: Int)
    /// A catalog's JSON does not parse; `reason` names the line and column.
    case invalidJSON(file: String, reason: String)
    /// A catalog's JSON is not an object; `found` is what it is.
    case notACatalog(file: String, found: String)
    /// A field of a catalog is missing or wrong; `path` is where in the JSON.
    case catalogEntry(file: String, path: String, problem: String)
    /// The file's extension is neither `.xcstrings` nor `.strings`.
    case notATableFile(file: String)
    /// No language folder holds `name.strings`.
    case noStringsFiles(file: String, name: String, folder: String)
    /// A `.strings` file does not parse; `detail` is the reader's explanation.
    case notAStringsTable(file: String, detail: String)
    /// A `.strings` file holds something other than string pairs.
    case notAPair(file: String, key: String)

    // MARK: Choosing the string

    /// The language is none of the tables'.
    case unknownLanguage(String, files: [String], languages: [String])
    /// No table has the name asked for.
    case noTable(String, tables: [String])
    /// No table has the key, in any language.
    case unknownKey(String, files: [String])
    /// The string `label` names takes `needed` (up to `allowed`) arguments, `found` were given;
    /// `conversions` are the first conversion of each.
    case argumentCount(label: String, needed: Int, allowed: Int, conversions: [String], found: Int)
    /// The argument at `index` (0-based) does not suit its conversion in the string `label` names.
    case argumentMismatch(label: String, index: Int, problem: String)
    /// A problem of the string `label` names (`"key" (language)`), found while reading or
    /// showing its format.
    case inString(label: String, LocalizationError)

    // MARK: Formatting

    /// Substitutions or variations (`what`) nest more than `limit` deep.
    case nestedTooDeep(String, limit: Int)
    /// A format string is malformed.
    case formatString(FormatStringError)
    /// A `%#@name@` conversion in `format` names a substitution the string lacks.
    case unknownSubstitution(specifier: String, format: String, available: [String])
    /// A `%#@name@` conversion names a substitution the string lacks (met while showing it).
    case noSubstitution(specifier: String)
    /// A conversion reads argument `index`, past the `count` given.
    case missingArgument(specifier: String, index: Int, count: Int)
    /// The string varies by plural but no argument is a number.
    case noPluralArgument
    /// The argument that chooses a plural form is `type` `value`, not a number.
    case pluralNotANumber(type: String, value: String)
    /// A plural variation without the `other` form every language falls back to.
    case noOtherForm
    /// An argument does not suit its conversion; `problem` says how.
    case unsuitableArgument(String)

    /// Several problems, each a line (every file of a bundle, every field of a catalog).
    case several([LocalizationError])

    /// `errors` as one error: the only one, or all of them.
    static func all(_ errors: [LocalizationError]) -> LocalizationError {
        errors.count == 1 ? errors[0] : .several(errors)
    }

    /// What is wrong, one sentence each.
    public var messages: [String] {
        if case .several(let errors) = self { return errors.flatMap(\.messages) }
        return [message]
    }

    /// What the problem is about.
    public var subject: Subject {
        switch self {
        case .argumentCount: .arguments
        case .argumentMismatch(_, let index, _): .argument(index)
        case .several(let errors) where errors.count == 1: errors[0].subject
        case .several(let errors): errors.allSatisfy { $0.subject == .key } ? .key : .arguments
        default: .key
        }
    }

    public var description: String { messages.joined(separator: "\n") }

    /// The message of one cause (`several`: its messages on lines of their own).
    private var message: String {
        switch self {
        case .unreadable(let file, let reason): "\(file): cannot read the file (\(reason))"
        case .tooLarge(let file, let limit): "\(file): larger than \(limit / 1_000_000) MB; not read"
        case .invalidJSON(let file, let reason): "\(file): not valid JSON (\(reason))"
        case .notACatalog(let file, let found): "\(file): expected a String Catalog object, found \(found)"
        case .catalogEntry(let file, let path, let problem): "\(file): \(path): \(problem)"
        case .notATableFile(let file): "\(file): not a String Catalog (.xcstrings) or strings table (.strings)"
        case .noStringsFiles(let file, let name, let folder): "\(file): no <language>.lproj/\(name).strings in \(folder)"
        case .notAStringsTable(let file, let detail): "\(file): not a strings table (\(detail))"
        case .notAPair(let file, let key): "\(file): \(key) is not a \"key\" = \"value\"; pair of strings"
        case .unknownLanguage(let language, let files, let languages):
            "\"\(language)\" is not a language of \(files.joined(separator: ", ")) (it has \(languages.joined(separator: ", ")))"
        case .noTable(let name, let tables): "there is no table \"\(name)\" (tables: \(tables.joined(separator: ", ")))"
        case .unknownKey(let key, let files): "\"\(key)\" is not a key of \(files.joined(separator: ", "))"
        case .argumentCount(let label, let needed, let allowed, let conversions, let found):
            "\(label) takes \(needed == allowed ? "\(needed)" : "\(needed) to \(allowed)") argument\(allowed == 1 ? "" : "s")"
                + (conversions.isEmpty ? "" : " (\(conversions.joined(separator: ", ")))") + ", found \(found)"
        case .argumentMismatch(let label, _, let problem): "\(label): \(problem)"
        case .inString(let label, let error): "\(label): \(error.description)"
        case .nestedTooDeep(let what, let limit): "\(what) nest more than \(limit) deep"
        case .formatString(let error): error.message
        case .unknownSubstitution(let specifier, let format, let available):
            "\(specifier) in \"\(format)\" names no substitution (the string has \(available.isEmpty ? "none" : available.joined(separator: ", ")))"
        case .noSubstitution(let specifier): "\(specifier) names no substitution"
        case .missingArgument(let specifier, let index, let count): "\(specifier) reads argument \(index); there are \(count)"
        case .noPluralArgument: "the string varies by plural but has no number argument to choose its form"
        case .pluralNotANumber(let type, let value): "a plural form is chosen by a number, found \(type) \(value)"
        case .noOtherForm: "the plural variation has no \"other\" form"
        case .unsuitableArgument(let problem): problem
        case .several: description
        }
    }
}
