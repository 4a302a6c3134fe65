import CPango

/// A Pango attribute type of our own that carries a run-style index through layout.
///
/// Pango splits glyph runs wherever an attribute's value changes, so tagging every span's
/// characters with the index of its `RunStyle` makes runs start and end exactly at the edges
/// of custom attributes and links, and lets each run find its style again afterwards.
enum RunStyleAttribute {
    static let type: PangoAttrType = pango_attr_type_register("texteffects-run-style")

    nonisolated(unsafe) private static let klass: UnsafeMutablePointer<PangoAttrClass> = {
        let klass = UnsafeMutablePointer<PangoAttrClass>.allocate(capacity: 1)
        klass.initialize(to: PangoAttrClass(
            type: type,
            copy: { attribute in
                RunStyleAttribute.make(index: te_attr_int_const_cast(attribute!).pointee.value)
            },
            destroy: { attribute in g_free(attribute) },
            equal: { a, b in
                te_attr_int_const_cast(a!).pointee.value == te_attr_int_const_cast(b!).pointee.value ? 1 : 0
            }
        ))
        return klass
    }()

    /// A new attribute (owned by the caller until inserted into a list) carrying `index`.
    static func make(index: Int32) -> UnsafeMutablePointer<PangoAttribute> {
        let raw = g_malloc0(gsize(MemoryLayout<PangoAttrInt>.size))!
        let attribute = raw.assumingMemoryBound(to: PangoAttrInt.self)
        pango_attribute_init(&attribute.pointee.attr, klass)
        attribute.pointee.value = index
        return raw.assumingMemoryBound(to: PangoAttribute.self)
    }

    /// The index carried by a run's attributes, if one of them is ours.
    static func index(in extraAttributes: UnsafeMutablePointer<GSList>?) -> Int? {
        var node = extraAttributes
        while let current = node {
            if let data = current.pointee.data {
                let attribute = data.assumingMemoryBound(to: PangoAttribute.self)
                if attribute.pointee.klass.pointee.type == type {
                    return Int(te_attr_int_const_cast(attribute).pointee.value)
                }
            }
            node = current.pointee.next
        }
        return nil
    }
}
