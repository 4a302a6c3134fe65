import Foundation

/// The five kinds of GitHub alert (`> [!NOTE]` …), each with its title, colour and Octicon.
package enum MarkdownAlertKind: String, CaseIterable, Hashable, Sendable {
    case note, tip, important, warning, caution

    /// The marker's kind, matched as GitHub matches it (`[!note]` too); nil for any other word.
    package init?(marker: String) {
        self.init(rawValue: marker.lowercased())
    }

    /// The title GitHub shows on the alert's first line.
    package var title: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// GitHub's colour for the bar, the icon and the title: its light theme's `fgColor-accent`,
    /// `-success`, `-done`, `-attention` and `-danger`.
    package var lightTint: Color {
        switch self {
        case .note: Color(red8: 0x09, green8: 0x69, blue8: 0xDA)
        case .tip: Color(red8: 0x1A, green8: 0x7F, blue8: 0x37)
        case .important: Color(red8: 0x82, green8: 0x50, blue8: 0xDF)
        case .warning: Color(red8: 0x9A, green8: 0x67, blue8: 0x00)
        case .caution: Color(red8: 0xD1, green8: 0x24, blue8: 0x2F)
        }
    }

    /// The same colours in GitHub's dark theme.
    package var darkTint: Color {
        switch self {
        case .note: Color(red8: 0x44, green8: 0x93, blue8: 0xF8)
        case .tip: Color(red8: 0x3F, green8: 0xB9, blue8: 0x50)
        case .important: Color(red8: 0xAB, green8: 0x7D, blue8: 0xF8)
        case .warning: Color(red8: 0xD2, green8: 0x99, blue8: 0x22)
        case .caution: Color(red8: 0xF8, green8: 0x51, blue8: 0x49)
        }
    }

    /// The 16-unit Octicon GitHub draws before the title (info, light-bulb, report, alert,
    /// stop), as SVG path data. Octicons are © GitHub, Inc., MIT licence (primer/octicons).
    package var octiconPath: String {
        switch self {
        case .note:
            "M0 8a8 8 0 1116 0A8 8 0 010 8zm8-6.5a6.5 6.5 0 100 13 6.5 6.5 0 000-13zM6.5 7.75A.75.75 0 017.25 7h1a.75.75 0 01.75.75v2.75h.25a.75.75 0 010 1.5h-2a.75.75 0 010-1.5h.25v-2h-.25a.75.75 0 01-.75-.75zM8 6a1 1 0 110-2 1 1 0 010 2z"
        case .tip:
            "M8 1.5c-2.363 0-4 1.69-4 3.75 0 .984.424 1.625.984 2.304l.214.253c.223.264.47.556.673.848.284.411.537.896.621 1.49a.75.75 0 0 1-1.484.211c-.04-.282-.163-.547-.37-.847a8.456 8.456 0 0 0-.542-.68c-.084-.1-.173-.205-.268-.32C3.201 7.75 2.5 6.766 2.5 5.25 2.5 2.31 4.863 0 8 0s5.5 2.31 5.5 5.25c0 1.516-.701 2.5-1.328 3.259-.095.115-.184.22-.268.319-.207.245-.383.453-.541.681-.208.3-.33.565-.37.847a.751.751 0 0 1-1.485-.212c.084-.593.337-1.078.621-1.489.203-.292.45-.584.673-.848.075-.088.147-.173.213-.253.561-.679.985-1.32.985-2.304 0-2.06-1.637-3.75-4-3.75ZM5.75 12h4.5a.75.75 0 0 1 0 1.5h-4.5a.75.75 0 0 1 0-1.5ZM6 15.25a.75.75 0 0 1 .75-.75h2.5a.75.75 0 0 1 0 1.5h-2.5a.75.75 0 0 1-.75-.75Z"
        case .important:
            "M1.75 1.5C1.61193 1.5 1.5 1.61193 1.5 1.75V11.25C1.5 11.3881 1.61193 11.5 1.75 11.5H3.75C4.16421 11.5 4.5 11.8358 4.5 12.25V14.4393L7.21967 11.7197C7.36032 11.579 7.55109 11.5 7.75 11.5H14.25C14.3881 11.5 14.5 11.3881 14.5 11.25V1.75C14.5 1.61193 14.3881 1.5 14.25 1.5H1.75ZM0 1.75C0 0.783502 0.783501 0 1.75 0H14.25C15.2165 0 16 0.783502 16 1.75V11.25C16 12.2165 15.2165 13 14.25 13H8.06066L5.48744 15.5732C5.21418 15.8465 4.84356 16 4.45711 16C3.65237 16 3 15.3476 3 14.5429V13H1.75C0.783502 13 0 12.2165 0 11.25V1.75ZM9 9C9 9.55229 8.55229 10 8 10C7.44772 10 7 9.55229 7 9C7 8.44771 7.44772 8 8 8C8.55229 8 9 8.44771 9 9ZM8.75 3.75C8.75 3.33579 8.41421 3 8 3C7.58579 3 7.25 3.33579 7.25 3.75V6.25C7.25 6.66421 7.58579 7 8 7C8.41421 7 8.75 6.66421 8.75 6.25V3.75Z"
        case .warning:
            "M6.457 1.047c.659-1.234 2.427-1.234 3.086 0l6.082 11.378A1.75 1.75 0 0114.082 15H1.918a1.75 1.75 0 01-1.543-2.575zm1.763.707a.25.25 0 00-.44 0L1.698 13.132a.25.25 0 00.22.368h12.164a.25.25 0 00.22-.368zm.53 3.996v2.5a.75.75 0 01-1.5 0v-2.5a.75.75 0 011.5 0zM9 11a1 1 0 11-2 0 1 1 0 012 0z"
        case .caution:
            "M4.47.22A.749.749 0 015 0h6c.199 0 .389.079.53.22l4.25 4.25c.141.14.22.331.22.53v6a.749.749 0 01-.22.53l-4.25 4.25A.749.749 0 0111 16H5a.749.749 0 01-.53-.22L.22 11.53A.749.749 0 010 11V5c0-.199.079-.389.22-.53zm.84 1.28L1.5 5.31v5.38l3.81 3.81h5.38l3.81-3.81V5.31L10.69 1.5zM8 4a.75.75 0 01.75.75v3.5a.75.75 0 01-1.5 0v-3.5A.75.75 0 018 4zm0 8a1 1 0 110-2 1 1 0 010 2z"
        }
    }

    /// The icons as template SVG images (drawn in the title's colour), made once; nil where
    /// librsvg cannot be loaded (the title then stands alone).
    package var icon: Image? { Self.icons[self] ?? nil }

    private static let icons: [MarkdownAlertKind: Image?] = {
        var result: [MarkdownAlertKind: Image?] = [:]
        for kind in allCases {
            let svg = #"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"><path fill-rule="evenodd" d=""#
                + kind.octiconPath + #""/></svg>"#
            var image = try? Image(data: Data(svg.utf8), path: "octicon-\(kind.rawValue).svg", monochrome: true)
            image?.renderingMode = .template
            result[kind] = image
        }
        return result
    }()
}
