// What `import SwiftUI` gives a renderer from Foundation (and CoreGraphics, where there is
// one): `sin`, `TimeInterval`, `CGFloat`, `CGPoint`, `CGRect`, `Date`… come with
// `import RenderPipeline`, so SwiftUI code needs no import of its own for them.
@_exported import Foundation
#if canImport(CoreGraphics)
@_exported import CoreGraphics
#endif
