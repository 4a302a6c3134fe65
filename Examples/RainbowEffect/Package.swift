// swift-tools-version: 6.1
// A third-party effect for texteffects, built against its public API only.
import PackageDescription

let package = Package(
    name: "RainbowEffect",
    products: [
        .library(name: "RainbowEffect", targets: ["RainbowEffect"]),
        .executable(name: "rainbow-render", targets: ["rainbow-render"]),
        .executable(name: "rainbow-texteffects", targets: ["rainbow-texteffects"]),
    ],
    dependencies: [
        // In your own package: .package(url: "https://…/texteffects", from: "0.2.0", traits: ["CLI"])
        // `traits: ["CLI"]` keeps texteffects' command line (rainbow-texteffects needs it) and turns
        // off its default trait `Preview` (the CLI's preview server): without it SwiftPM resolves
        // and clones Hummingbird, SwiftNIO and ~20 more packages. A package that uses only the
        // libraries writes `traits: []` and resolves no other package at all.
        .package(name: "texteffects", path: "../..", traits: ["CLI"]),
    ],
    targets: [
        .target(name: "RainbowEffect", dependencies: [.product(name: "TextEffects", package: "texteffects")]),
        .executableTarget(name: "rainbow-render", dependencies: [
            "RainbowEffect",
            .product(name: "TextEffects", package: "texteffects"),
            .product(name: "Effects", package: "texteffects"),
        ]),
        // The whole texteffects command line, with "rainbow" beside the built-in effects.
        .executableTarget(name: "rainbow-texteffects", dependencies: [
            "RainbowEffect",
            .product(name: "TextEffectsCLI", package: "texteffects"),
        ]),
    ]
)
