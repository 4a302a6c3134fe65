/// What typesetting one formula gave: its box, or why it failed (shown as its source in the
/// `mathError` colour, with this reason in a warning).
package enum MathResult: Sendable {
    case box(MathBox)
    case failure(String)

    /// The box, when the formula compiled.
    public var box: MathBox? {
        if case .box(let box) = self { return box }
        return nil
    }

    /// Why the formula failed, when it did.
    public var failure: String? {
        if case .failure(let reason) = self { return reason }
        return nil
    }
}
