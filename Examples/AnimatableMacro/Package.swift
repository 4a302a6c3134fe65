// swift-tools-version: 6.1
// SwiftUI's iOS 26 `@Animatable` and `@AnimatableIgnored` macros over RenderPipeline's
// `Animatable` and `AnimatablePair`, in a package of its own: a macro needs swift-syntax, whose
// first (cold) build costs a minute and a half on a 2-core machine (docs/performance.md), so
// neither texteffects' library users nor its own `make` pay for it unless they use this.
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "AnimatableMacro",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "AnimatableMacro", targets: ["AnimatableMacro"]),
    ],
    dependencies: [
        // In your own package: .package(url: "https://…/texteffects", from: "0.2.0", traits: [])
        .package(name: "texteffects", path: "../..", traits: []),
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
    ],
    targets: [
        // The compiler plug-in: reads the type's stored properties, writes `animatableData`.
        .macro(
            name: "AnimatableMacros",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        // The macros' declarations, next to RenderPipeline's `Animatable` they conform types to.
        .target(
            name: "AnimatableMacro",
            dependencies: ["AnimatableMacros", .product(name: "RenderPipeline", package: "texteffects")]
        ),
        // `swift run animatable-demo`: a renderer's parameters animated through the macro's
        // `animatableData`; it checks what it prints.
        .executableTarget(name: "animatable-demo", dependencies: ["AnimatableMacro"]),
    ]
)
