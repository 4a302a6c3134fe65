/// The limits data files are read under: they are untrusted input, and a batch may run over
/// millions of rows, so neither a huge value nor a huge file makes reading run out of memory.
package enum DataRowLimits {
    /// Characters in one value, as a template value may hold (``TemplateLimits/maximumValueCharacters``).
    public static let maximumValueCharacters = TemplateLimits.maximumValueCharacters
    /// Columns in a CSV or TSV header, and keys in one JSON Lines object.
    public static let maximumColumns = 1_000
    /// Data rows in a file; the records after the last are not read, and one problem says so.
    public static let maximumRows = 10_000_000
    /// Bytes of one record (all its values, or one JSON line), so that 1,000 columns of a
    /// million characters each cannot all be held at once.
    public static let maximumRowBytes = 64_000_000
}
