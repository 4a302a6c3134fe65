import Foundation

/// A link of a scene as the link report lists it: which block, where it landed in content coordinates.
package struct SceneLink: Hashable, Sendable {
    /// The link's number in the report: its index among all links, in text order across blocks.
    public var id: Int
    /// The id of the block the link is in.
    public var block: String
    /// Index of that block in the scene.
    public var blockIndex: Int
    public var url: String
    /// The link's characters as displayed.
    public var text: String
    /// One rectangle per line fragment, in content coordinates (the block's frame applied, no offset).
    public var rects: [CGRect]

    public init(id: Int, block: String, blockIndex: Int, url: String, text: String, rects: [CGRect]) {
        self.id = id
        self.block = block
        self.blockIndex = blockIndex
        self.url = url
        self.text = text
        self.rects = rects
    }

    /// The total area of the link's rectangles: what a ratio of 1 means.
    public var area: Double { rects.reduce(0) { $0 + Double($1.width * $1.height) } }
}
