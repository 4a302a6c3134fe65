import CCSV

/// libcsv's parser: owns one `struct csv_parser`, hands each value and each record end to
/// closures, and turns libcsv's status codes into ``CSVParserError``.
///
/// Strict mode (`CSV_STRICT | CSV_STRICT_FINI`): a stray quote is an error instead of being
/// taken as text, and a quote left open at the end of the file is an error instead of silently
/// swallowing every line after it into one value. `CSV_REPALL_NL` reports every line break
/// outside quotes, blank lines too, so the caller can count lines (it skips records without
/// values itself). Spaces and tabs around an unquoted value are dropped (libcsv's default). Values are passed with their length, so `CSV_APPEND_NULL` is not needed, and
/// empty values stay empty strings (no `CSV_EMPTY_IS_NULL`).
final class CSVParser {
    private static let options = UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL)
    /// How much libcsv grows a value's buffer at a time: its default (128 bytes) would copy a
    /// megabyte-long value thousands of times.
    private static let bufferGrowth = 64 * 1024

    private let parser: UnsafeMutablePointer<csv_parser>
    private let delimiter: UInt8

    /// Called with each value's bytes (valid only during the call).
    var valueRead: (UnsafeRawBufferPointer) -> Void = { _ in }
    /// Called at the end of each record, also for blank lines (which had no values).
    var recordEnded: () -> Void = {}

    /// A parser of values separated by `delimiter` (`,` or a tab).
    init(delimiter: UInt8) {
        self.delimiter = delimiter
        parser = .allocate(capacity: 1)
        Self.initialize(parser, delimiter: delimiter)
    }

    deinit {
        csv_free(parser)
        parser.deallocate()
    }

    /// Bytes of the value read so far and not yet handed out: a value grows in libcsv's buffer
    /// until it ends, so this is checked to refuse an endless one early.
    var pendingValueByteCount: Int { parser.pointee.entry_pos }

    /// Drops the bytes of the value being read while keeping libcsv's place in the record
    /// (inside quotes or not), so that a record past the size limit is read on to its real end
    /// without its bytes being held. The value is lost: call it only for a record already failed.
    func discardPendingValue() {
        // `spaces` counts trailing blanks of an unquoted value within `entry_pos`; both go.
        parser.pointee.entry_pos = 0
        parser.pointee.spaces = 0
    }

    /// Parses the next bytes of the input, calling the closures for what they complete.
    func parse(_ bytes: UnsafeRawBufferPointer) throws(CSVParserError) {
        guard let start = bytes.baseAddress, !bytes.isEmpty else { return }
        let context = Unmanaged.passUnretained(self).toOpaque()
        let parsed = csv_parse(parser, start, bytes.count, { value, length, context in
            let parser = Unmanaged<CSVParser>.fromOpaque(context!).takeUnretainedValue()
            parser.valueRead(UnsafeRawBufferPointer(start: value, count: length))
        }, { _, context in
            Unmanaged<CSVParser>.fromOpaque(context!).takeUnretainedValue().recordEnded()
        }, context)
        if parsed < bytes.count { throw CSVParserError(status: csv_error(parser)) }
    }

    /// Ends the input: the last record, when the file does not end with a line break.
    func finish() throws(CSVParserError) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        let status = csv_fini(parser, { value, length, context in
            let parser = Unmanaged<CSVParser>.fromOpaque(context!).takeUnretainedValue()
            parser.valueRead(UnsafeRawBufferPointer(start: value, count: length))
        }, { _, context in
            Unmanaged<CSVParser>.fromOpaque(context!).takeUnretainedValue().recordEnded()
        }, context)
        if status != 0 { throw CSVParserError(status: csv_error(parser)) }
    }

    /// Forgets the record in progress, after an error, so parsing can go on at the next line
    /// (libcsv keeps its error status and state until it is set up anew).
    func reset() {
        csv_free(parser)
        Self.initialize(parser, delimiter: delimiter)
    }

    private static func initialize(_ parser: UnsafeMutablePointer<csv_parser>, delimiter: UInt8) {
        // csv_init fails only for a null pointer.
        _ = csv_init(parser, options)
        csv_set_delim(parser, delimiter)
        csv_set_blk_size(parser, bufferGrowth)
        // libcsv's default space test stays: spaces and tabs around an unquoted value are
        // dropped, except the delimiter itself (it checks for the delimiter first).
    }
}
