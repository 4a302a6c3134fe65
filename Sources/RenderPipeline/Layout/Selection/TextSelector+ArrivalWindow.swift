extension TextSelector {
    /// The longest `arrived` window a selector may ask about, in seconds: the frames before one
    /// that a streamed block keeps grapheme counts of.
    package static let maximumArrivalWindow = 10.0

    /// The window of an `arrived` selector, else nil.
    package var arrivalWindow: Double? {
        if case .arrived(let within) = self { return within }
        return nil
    }
}
