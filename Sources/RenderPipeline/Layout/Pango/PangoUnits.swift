import CPango
import Foundation

/// Pango's fixed-point units (1/`PANGO_SCALE` of a point at the 72 dpi layout runs at) and
/// points, converted here and nowhere else.
extension Double {
    /// Points from a length in Pango units.
    init(pangoUnits units: Int32) {
        self = Double(units) / Double(PANGO_SCALE)
    }

    /// These points in Pango units, rounded and clamped to what Pango's 32-bit coordinates hold
    /// (about ±1 M pt), so an absurd size cannot trap; scene validation keeps real values far inside.
    var pangoUnits: Int32 {
        let value = (self * Double(PANGO_SCALE)).rounded()
        guard value.isFinite else { return 0 }
        return Int32(min(max(value, -Double(Int32.max / 2)), Double(Int32.max / 2)))
    }
}

extension CGFloat {
    /// These points in Pango units, as `Double.pangoUnits`.
    var pangoUnits: Int32 { Double(self).pangoUnits }
}
