// swift-tools-version: 6.1
// A package of a user's own, outside texteffects, depending on it by path: everything here sees
// only texteffects' public API (`package` members are invisible from another package). One
// package with a target per check, so the checks cost a single extra compile of the library.
// scripts/outside-package.sh fills the generated targets, builds everything and runs the tests;
// `make test` calls it.
import PackageDescription

let package = Package(
    name: "OutsidePackage",
    platforms: [.macOS(.v14)],
    dependencies: [
        // As the README tells a package with a command line of its own that does not want the
        // preview: the trait `CLI` (swift-argument-parser) on, the default trait `Preview` (the
        // preview's web server, Hummingbird over SwiftNIO) off, so none of that stack is fetched or
        // built. The command lines built here therefore have every subcommand but `preview`.
        // (A libraries-only dependent, `traits: []`, resolves no package at all:
        // scripts/outside-package.sh checks that with a dependent of its own.)
        .package(name: "texteffects", path: "../..", traits: ["CLI"]),
        .package(name: "RainbowEffect", path: "../../Examples/RainbowEffect"),
    ],
    targets: [
        // Generated: a copy of Sources/Effects, the built-in effects, compiled as a third party's.
        .target(name: "BuiltInEffects", dependencies: [.product(name: "TextEffects", package: "texteffects")],
                path: "Sources/BuiltInEffects"),
        // The package's own built-ins, to compare the copy with.
        .target(name: "PackagedEffects", dependencies: [.product(name: "Effects", package: "texteffects")]),
        // Generated: the Swift samples of README.md and of the DocC catalog, one program each.
        .executableTarget(name: "ReadmeSamples", dependencies: [
            .product(name: "RenderPipeline", package: "texteffects"),
            .product(name: "TextEffects", package: "texteffects"),
            .product(name: "Effects", package: "texteffects"),
            .product(name: "TextEffectsCLI", package: "texteffects"),
        ]),
        .executableTarget(name: "PortingArticleSamples", dependencies: [
            .product(name: "RenderPipeline", package: "texteffects"),
            .product(name: "TextEffects", package: "texteffects"),
            .product(name: "Effects", package: "texteffects"),
        ]),
        .executableTarget(name: "GettingStartedSamples", dependencies: [
            .product(name: "RenderPipeline", package: "texteffects"),
            .product(name: "TextEffects", package: "texteffects"),
            .product(name: "TextEffectsCLI", package: "texteffects"),
        ]),
        .executableTarget(name: "EffectsCatalogSamples", dependencies: [
            .product(name: "RenderPipeline", package: "texteffects"),
            .product(name: "TextEffects", package: "texteffects"),
            .product(name: "Effects", package: "texteffects"),
        ]),
        .executableTarget(name: "TextEffectsCatalogSamples", dependencies: [
            .product(name: "TextEffects", package: "texteffects"),
            .product(name: "Effects", package: "texteffects"),
        ]),
        // Renderers written as SwiftUI code, `import SwiftUI` (or `SwiftUICore`) and module-qualified
        // names included.
        .target(name: "SwiftUIRenderers", dependencies: [
            .product(name: "SwiftUI", package: "texteffects"),
            .product(name: "SwiftUICore", package: "texteffects"),
        ]),
        // Custom command lines that must refuse to start: an effect name given twice, a built-in's name.
        .executableTarget(name: "DuplicateNameCLI", dependencies: [
            .product(name: "TextEffectsCLI", package: "texteffects"),
            .product(name: "RainbowEffect", package: "RainbowEffect"),
        ]),
        .executableTarget(name: "BuiltInNameCLI", dependencies: [
            .product(name: "TextEffectsCLI", package: "texteffects"),
            .product(name: "RenderPipeline", package: "texteffects"),
            .product(name: "TextEffects", package: "texteffects"),
        ]),
        .testTarget(name: "OutsideTests", dependencies: [
            "BuiltInEffects", "PackagedEffects", "SwiftUIRenderers",
            .product(name: "SwiftUI", package: "texteffects"),
            .product(name: "RenderPipeline", package: "texteffects"),
            .product(name: "TextEffects", package: "texteffects"),
            .product(name: "RainbowEffect", package: "RainbowEffect"),
        ]),
    ]
)
