import Foundation

/// Reading an image span's frame: `width`, `contentMode`, `alignment`, `clipShape` and `cornerRadius`.
extension JSONNode {
    /// SwiftUI's `Alignment` names, as points of the frame.
    static let alignmentNames: [(String, UnitPoint)] = [
        ("topLeading", .topLeading), ("top", .top), ("topTrailing", .topTrailing),
        ("leading", .leading), ("center", .center), ("trailing", .trailing),
        ("bottomLeading", .bottomLeading), ("bottom", .bottom), ("bottomTrailing", .bottomTrailing),
    ]

    /// The span's presentation fields; nil when one of them is wrong (reported at its path).
    func imagePresentation() -> ImagePresentation? {
        var presentation = ImagePresentation()
        var valid = true
        if self["width"].isPresent {
            if let width = self["width"].number(in: 0.5...10_000) { presentation.width = width } else { valid = false }
        }
        if self["contentMode"].isPresent {
            if let mode = self["contentMode"].enumeration(ContentMode.self) { presentation.contentMode = mode } else { valid = false }
        }
        if self["alignment"].isPresent {
            if let point = self["alignment"].choice(Self.alignmentNames) { presentation.alignment = point } else { valid = false }
        }
        let radius = self["cornerRadius"]
        if self["clipShape"].isPresent {
            if radius.isPresent {
                radius.problem("give the corner radius inside clipShape ({\"type\": \"roundedRectangle\", \"cornerRadius\": N}), or cornerRadius alone")
                valid = false
            }
            if let shape = self["clipShape"].clipShape() { presentation.clipShape = shape } else { valid = false }
        } else if radius.isPresent {
            // SwiftUI's `.cornerRadius(_:)`: a rounded rectangle with circular corners.
            if let r = radius.number(in: 0...10_000) { presentation.clipShape = .roundedRectangle(cornerRadius: r, style: .circular) } else { valid = false }
        }
        return valid ? presentation : nil
    }

    /// A clip shape: `"circle"`, `"capsule"`, or `{"type": "circle"|"capsule"|"roundedRectangle"|
    /// "unevenRoundedRectangle", "cornerRadius": N (roundedRectangle only, required),
    /// "cornerRadii": {…} (unevenRoundedRectangle only, required), "style": "continuous"|"circular"}`.
    func clipShape() -> ShapeKind? {
        let names = ["circle", "capsule", "roundedRectangle", "unevenRoundedRectangle"]
        if let name = value?.stringValue {
            switch name {
            case "circle": return .circle
            case "capsule": return .capsule(style: .continuous)
            case "roundedRectangle":
                problem("a roundedRectangle needs its corner radius: {\"type\": \"roundedRectangle\", \"cornerRadius\": 12}")
                return nil
            case "unevenRoundedRectangle":
                problem("an unevenRoundedRectangle needs its corner radii: {\"type\": \"unevenRoundedRectangle\", \"cornerRadii\": {\"topLeading\": 12, \"topTrailing\": 12}}")
                return nil
            default:
                problem("\"\(name)\" is not one of: \(names.joined(separator: ", "))")
                return nil
            }
        }
        guard object(known: ["type", "cornerRadius", "cornerRadii", "style"]) != nil else { return nil }
        guard let type = self["type"].choice(names.map { ($0, $0) }, required: true) else { return nil }
        var style = RoundedCornerStyle.continuous
        if self["style"].isPresent {
            guard type != "circle" else {
                self["style"].problem("applies only to capsule and roundedRectangle")
                return nil
            }
            guard let chosen = self["style"].choice([("continuous", RoundedCornerStyle.continuous), ("circular", .circular)]) else { return nil }
            style = chosen
        }
        if type != "roundedRectangle", self["cornerRadius"].isPresent {
            self["cornerRadius"].problem("applies only to roundedRectangle")
            return nil
        }
        if type != "unevenRoundedRectangle", self["cornerRadii"].isPresent {
            self["cornerRadii"].problem("applies only to unevenRoundedRectangle")
            return nil
        }
        switch type {
        case "circle": return .circle
        case "capsule": return .capsule(style: style)
        case "unevenRoundedRectangle":
            guard let radii = self["cornerRadii"].isPresent ? self["cornerRadii"].cornerRadii() : self["cornerRadii"].missing() else {
                return nil
            }
            return .unevenRoundedRectangle(cornerRadii: radii, style: style)
        default:
            guard let radius = self["cornerRadius"].number(in: 0...10_000, required: true) else { return nil }
            return .roundedRectangle(cornerRadius: radius, style: style)
        }
    }
}
