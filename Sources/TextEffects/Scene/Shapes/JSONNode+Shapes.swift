import Foundation

/// Reading scene shapes: a `shape` block's object and a block background's `shape`.
extension JSONNode {
    /// The fields of a shape object.
    static let shapeKeys = ["type", "cornerRadius", "cornerRadii", "style", "fill", "stroke", "shadow"]

    /// A shape object: `{"type", "cornerRadius"?, "cornerRadii"?, "style"?, "fill"?, "stroke"?, "shadow"?}`.
    func shapeBlock() -> ShapeBlock? {
        guard object(known: Self.shapeKeys) != nil else { return nil }
        let kind = shapeKind()
        let fill = self["fill"].isPresent ? self["fill"].paint() : nil
        let stroke = shapeStroke()
        let shadow = shapeShadow()
        if self["fill"].isPresent, fill == nil { return nil }
        if self["stroke"].isPresent, stroke == nil { return nil }
        if self["shadow"].isPresent, shadow == nil { return nil }
        guard let kind else { return nil }
        return ShapeBlock(kind: kind, fill: fill, stroke: stroke, shadow: shadow)
    }

    /// The `type`, `cornerRadius`, `cornerRadii` and `style` fields of a shape object (or a
    /// background's shape, given as just its type name when it needs no settings).
    func shapeKind(typeField: String = "type") -> ShapeKind? {
        let type = self[typeField]
        guard let name = type.string(required: true) else { return nil }
        let style = self["style"].choice([("continuous", RoundedCornerStyle.continuous), ("circular", .circular)]) ?? .continuous
        let radius = self["cornerRadius"].number(in: 0...10_000)
        let radii = self["cornerRadii"].isPresent ? self["cornerRadii"].cornerRadii() : nil
        if self["cornerRadius"].isPresent, name != "roundedRectangle" {
            self["cornerRadius"].problem("applies to a roundedRectangle; this shape is a \(name)"
                                         + (name == "unevenRoundedRectangle" ? " (give its cornerRadii)" : ""))
        }
        if self["cornerRadii"].isPresent, name != "unevenRoundedRectangle" {
            self["cornerRadii"].problem("applies to an unevenRoundedRectangle; this shape is a \(name)")
        }
        if self["style"].isPresent, !["roundedRectangle", "unevenRoundedRectangle", "capsule"].contains(name) {
            self["style"].problem("applies to a roundedRectangle, an unevenRoundedRectangle or a capsule; this shape is a \(name)")
        }
        switch name {
        case "rectangle": return .rectangle
        case "roundedRectangle":
            guard let radius = radius ?? (self["cornerRadius"].isPresent ? nil : self["cornerRadius"].missing()) else { return nil }
            return .roundedRectangle(cornerRadius: radius, style: style)
        case "unevenRoundedRectangle":
            guard let radii = radii ?? (self["cornerRadii"].isPresent ? nil : self["cornerRadii"].missing()) else { return nil }
            return .unevenRoundedRectangle(cornerRadii: radii, style: style)
        case "capsule": return .capsule(style: style)
        case "circle": return .circle
        case "ellipse": return .ellipse
        default:
            type.problem("\"\(name)\" is not a shape (expected one of: \(ShapeKind.typeNames.joined(separator: ", ")))")
            return nil
        }
    }

    /// `cornerRadii`: `{"topLeading"?, "bottomLeading"?, "bottomTrailing"?, "topTrailing"?}`, each
    /// 0–10000 points (0 when left out), as SwiftUI's `RectangleCornerRadii`.
    func cornerRadii() -> RectangleCornerRadii? {
        let corners = ["topLeading", "bottomLeading", "bottomTrailing", "topTrailing"]
        guard object(known: corners) != nil else { return nil }
        let values = corners.map { self[$0].isPresent ? self[$0].number(in: 0...10_000) : 0 }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        return RectangleCornerRadii(topLeading: values[0]!, bottomLeading: values[1]!, bottomTrailing: values[2]!,
                                    topTrailing: values[3]!)
    }

    /// `stroke`: `{"width"?, "dash"?, "color"}`, the colour any paint (a gradient too).
    func shapeStroke() -> ShapeStroke? {
        let node = self["stroke"]
        guard node.object(known: ["width", "dash", "color"], required: false) != nil else { return nil }
        guard let paint = node["color"].isPresent ? node["color"].paint() : node["color"].missing() else { return nil }
        let width = node["width"].number(in: 0...10_000) ?? 1
        var dash: [Double] = []
        if let items = node["dash"].array() {
            dash = items.compactMap { $0.number(in: 0...10_000, required: true) }
            guard dash.count == items.count else { return nil }
            if !dash.isEmpty, dash.allSatisfy({ $0 == 0 }) {
                node["dash"].problem("a dash pattern needs a length above 0")
                return nil
            }
        }
        return ShapeStroke(paint: paint, width: width, dash: dash)
    }

    /// `shadow`: `{"color"?, "radius", "x"?, "y"?}`, as SwiftUI's `shadow(color:radius:x:y:)`.
    func shapeShadow() -> ShapeShadow? {
        let node = self["shadow"]
        guard node.object(known: ["color", "radius", "x", "y"], required: false) != nil else { return nil }
        let color = node["color"].color()
        let radius = node["radius"].number(in: 0...1000, required: true)
        let x = node["x"].number(in: -10_000...10_000) ?? 0
        let y = node["y"].number(in: -10_000...10_000) ?? 0
        if node["color"].isPresent, color == nil { return nil }
        guard let radius else { return nil }
        var shadow = ShapeShadow(radius: radius, x: x, y: y)
        if let color { shadow.color = color }
        return shadow
    }
}
