// Render's members reached from Model in ../Model/Swatch.swift.
extension Double {
    /// This value as an 8-bit channel.
    var devicePixel: UInt8 { UInt8(max(0, min(255, self * 255))) }

    // Private: not visible elsewhere, so never a use from another folder.
    private var hidden: Int { 0 }
}

/// Clears the scratch surface (a free function).
func clearScratchSurface(_ surface: AnyObject) {}
