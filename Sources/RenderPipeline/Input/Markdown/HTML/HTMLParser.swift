import CLibXML2
import Foundation

/// Parses the raw HTML of Markdown documents with libxml2's HTML parser, as a browser would read
/// a fragment: unclosed tags are closed, stray end tags ignored, entities decoded.
///
/// The only place texteffects touches libxml2: the C tree is walked once and copied into
/// `HTMLNode` values, then freed. The parser never reaches the network (`HTML_PARSE_NONET`),
/// reports nothing (`NOERROR`, `NOWARNING`) and recovers from any input (`RECOVER`); HTML has
/// no entity definitions of its own, so an entity flood costs only its own length.
/// `XML_PARSE_HUGE` lifts libxml2's nesting limit of 256, past which it would stop reading and
/// drop the rest of the fragment: it parses nesting without recursion, and frees a tree the
/// same way, so a million nested tags cost time in proportion, never the stack. Comments,
/// processing instructions, `<script>` and `<style>` (and their content) are dropped; elements
/// nested deeper than `SceneLimits.maximumHTMLDepth` are reduced to their text, so no
/// converter downstream recurses deeper than that however deep the input.
package enum HTMLParser {
    /// The element the fragment is wrapped in, so libxml2 neither implies `<html>`/`<body>`/`<p>`
    /// around it nor lets a stray `</div>` close the fragment itself. An unknown element:
    /// no HTML tag closes it implicitly.
    static let rootName = "texteffects-fragment"

    /// Elements dropped with everything inside them: what never runs and never shows.
    static let droppedElements: Set<String> = ["script", "style", "template", "noscript", "title", "head"]

    private static let initialized: Void = { xmlInitParser() }()

    /// The nodes of `fragment`, an HTML fragment (not a document); any input parses.
    package static func parse(_ fragment: String) -> [HTMLNode] {
        _ = initialized
        let wrapped = "<\(rootName)>" + fragment + "</\(rootName)>"
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue
            | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOIMPLIED.rawValue | HTML_PARSE_NODEFDTD.rawValue | XML_PARSE_HUGE.rawValue)
        let count = Int32(clamping: wrapped.utf8.count)
        guard let pointer = wrapped.withCString({ htmlReadMemory($0, count, nil, "UTF-8", options) }) else { return [] }
        let document = Document(taking: pointer)
        guard let root = document.root else { return [] }
        // The wrapper, or (when libxml2 put anything before it) every top-level node.
        if let name = root.pointee.name, String(cString: name) == rootName { return convertChildren(of: root, depth: 0) }
        var nodes: [HTMLNode] = []
        var node: xmlNodePtr? = root
        while let current = node {
            if let converted = convert(current, depth: 0) {
                if converted.name == rootName { nodes += converted.children } else { nodes.append(converted) }
            }
            node = current.pointee.next
        }
        return nodes
    }

    /// One parsed document, owned: freed (with libxml2's iterative `xmlFreeDoc`) when released.
    private final class Document {
        let pointer: xmlDocPtr

        /// Takes ownership of a document from `htmlReadMemory`.
        init(taking pointer: xmlDocPtr) { self.pointer = pointer }

        deinit { xmlFreeDoc(pointer) }

        /// The first top-level element.
        var root: xmlNodePtr? { xmlDocGetRootElement(pointer) }
    }

    private static func convertChildren(of element: xmlNodePtr, depth: Int) -> [HTMLNode] {
        var result: [HTMLNode] = []
        var child = element.pointee.children
        while let node = child {
            if let converted = convert(node, depth: depth + 1) { result.append(converted) }
            child = node.pointee.next
        }
        return result
    }

    /// One node as a Swift value, or nil for what is dropped.
    private static func convert(_ node: xmlNodePtr, depth: Int) -> HTMLNode? {
        switch node.pointee.type {
        case XML_ELEMENT_NODE:
            let name = node.pointee.name.map { String(cString: $0).lowercased() } ?? ""
            if droppedElements.contains(name) { return nil }
            // Too deep to copy as a tree: its words stay, as one text.
            if depth > SceneLimits.maximumHTMLDepth { return .text(plainText(of: node)) }
            var attributes: [String: String] = [:]
            var attribute = node.pointee.properties
            while let current = attribute {
                if let key = current.pointee.name.map({ String(cString: $0).lowercased() }), attributes[key] == nil {
                    attributes[key] = textOfChildren(current.pointee.children)
                }
                attribute = current.pointee.next
            }
            return .element(name: name, attributes: attributes, children: convertChildren(of: node, depth: depth))
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
            return .text(node.pointee.content.map { String(cString: $0) } ?? "")
        case XML_ENTITY_REF_NODE:
            // An entity libxml2 did not know: its source, as a browser shows it.
            return .text("&" + (node.pointee.name.map { String(cString: $0) } ?? "") + ";")
        default:
            // Comments, processing instructions, doctype declarations.
            return nil
        }
    }

    /// The text of an attribute's value nodes.
    private static func textOfChildren(_ first: xmlNodePtr?) -> String {
        var text = ""
        var node = first
        while let current = node {
            if let content = current.pointee.content { text += String(cString: content) }
            node = current.pointee.next
        }
        return text
    }

    /// The text below `top`, walked without recursion, leaving out what `convert` drops.
    private static func plainText(of top: xmlNodePtr) -> String {
        var text = ""
        var node: xmlNodePtr? = top
        while let current = node {
            var descend = true
            switch current.pointee.type {
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = current.pointee.content { text += String(cString: content) }
            case XML_ELEMENT_NODE:
                if let name = current.pointee.name, droppedElements.contains(String(cString: name).lowercased()) { descend = false }
            default:
                descend = false
            }
            if descend, current.pointee.type == XML_ELEMENT_NODE, let child = current.pointee.children {
                node = child
                continue
            }
            // Up until a node with a next sibling, stopping at `top`.
            var climbing: xmlNodePtr? = current
            node = nil
            while let up = climbing, up != top {
                if let sibling = up.pointee.next {
                    node = sibling
                    break
                }
                climbing = up.pointee.parent
            }
        }
        return text
    }
}
