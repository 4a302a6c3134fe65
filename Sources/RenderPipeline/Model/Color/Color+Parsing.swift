import CPango
import Foundation

extension Color {
    /// Parses `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA` or a color name (Pango's X11/CSS table, plus `transparent`).
    ///
    /// Pango's parser is used as a library: it reads only its own constant name table, so it
    /// needs neither a Pango context nor the lock layout takes around Pango and fontconfig.
    public init?(parsing text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "transparent" {
            self = .clear
            return
        }
        guard !trimmed.isEmpty else { return nil }
        var color = PangoColor()
        var alpha: UInt16 = 0xFFFF
        let parsed = pango_color_parse_with_alpha(&color, &alpha, trimmed)
        guard parsed != 0 else { return nil }
        self.init(red: Double(color.red) / 65535, green: Double(color.green) / 65535,
                  blue: Double(color.blue) / 65535, alpha: Double(alpha) / 65535)
    }
}
