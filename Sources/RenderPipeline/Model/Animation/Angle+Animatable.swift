/// As in SwiftUI, an angle animates through its radians, so a turn from 350° to 10° goes the long
/// way round (−340°), exactly as the numbers say.
extension Angle: Animatable {
    /// The data to animate: the angle in radians.
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}
