/// What a batch did, row by row, counted.
package struct BatchSummary: Sendable {
    package var rendered = 0
    package var skipped = 0
    package var failed = 0

    package var total: Int { rendered + skipped + failed }
}
