// `import SwiftUI` where Apple's SwiftUI does not exist (Linux, Windows, Android…): RenderPipeline
// re-exported under SwiftUI's module name, so a `TextRenderer` written for iOS 18 compiles
// unchanged, module-qualified names (`SwiftUI.TextRenderer`, `SwiftUI.Text.Layout`,
// `SwiftUI.GraphicsContext`, `SwiftUI.Color`) included: a qualified name looks through the
// module's `@_exported` imports (Tests/SwiftUIModuleTests compiles one such renderer).
//
// On Apple platforms this module is empty and is not to be imported: Apple's SwiftUI is the
// SwiftUI there. A package that supports both depends on this product with
// `condition: .when(platforms: [.linux])`, so it is neither built nor on the search path there.
#if !canImport(Darwin)
@_exported import RenderPipeline
#endif
