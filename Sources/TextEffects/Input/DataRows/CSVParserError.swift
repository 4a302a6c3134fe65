import CCSV

/// Why libcsv stopped parsing: one case per status code `csv_error` reports.
enum CSVParserError: Error, Hashable, Sendable {
    /// `CSV_EPARSE`: in strict mode, a quote inside an unquoted value, text after a closing
    /// quote, or (at the end) a quote never closed.
    case malformedQuoting
    /// `CSV_ENOMEM`: the value being read could not be grown.
    case outOfMemory
    /// `CSV_ETOOBIG`: the value being read would need more than `SIZE_MAX` bytes.
    case valueTooLarge
    /// `CSV_EINVALID`, or any code libcsv does not define.
    case invalidStatus(Int32)

    /// The error for a libcsv status code (not `CSV_SUCCESS`).
    init(status: Int32) {
        switch status {
        case CSV_EPARSE: self = .malformedQuoting
        case CSV_ENOMEM: self = .outOfMemory
        case CSV_ETOOBIG: self = .valueTooLarge
        default: self = .invalidStatus(status)
        }
    }

    /// What went wrong, for a row problem; the strict-mode case says how to fix the quoting.
    var message: String {
        switch self {
        case .malformedQuoting:
            "its quotes are unbalanced (a quote inside an unquoted value, text after a closing quote, "
                + "or a quote never closed); quote the whole value and double the quotes inside it: \"5\"\" screen\""
        case .outOfMemory: "out of memory while reading a value"
        case .valueTooLarge: "a value is too large to read"
        case .invalidStatus(let status): "libcsv failed (\(String(cString: csv_strerror(status))))"
        }
    }
}
