// `import SwiftUICore` where Apple's SwiftUI does not exist: RenderPipeline re-exported under the
// name of the module that holds SwiftUI's drawing types on Apple platforms since iOS 18 and
// macOS 15 (`Text.Layout`, `GraphicsContext`, `TextRenderer`, `Path`, `Color`…). Renderers written
// against it, or qualified with it (`SwiftUICore.GraphicsContext`), compile unchanged; the types are
// the same as `SwiftUI`'s here, as there (Tests/SwiftUIModuleTests).
//
// On Apple platforms this module is empty and is not to be imported: depend on it with
// `condition: .when(platforms: [.linux])`, as on the `SwiftUI` product (see Sources/SwiftUI).
#if !canImport(Darwin)
@_exported import RenderPipeline
#endif
