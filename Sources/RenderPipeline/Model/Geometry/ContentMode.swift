/// How an image fills a frame of another aspect ratio, as SwiftUI's `ContentMode`.
package enum ContentMode: String, Hashable, Sendable, CaseIterable {
    /// The whole image, scaled to fit inside the frame (letterboxed), aspect ratio kept.
    case fit
    /// The frame covered, aspect ratio kept; what lies outside the frame is cropped.
    case fill
}
