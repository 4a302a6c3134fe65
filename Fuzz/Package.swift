// swift-tools-version: 6.0
// libFuzzer targets for texteffects' parsers (make fuzz). A package of its own, so the main build
// and `make test` never compile them and they are built only with `--sanitize fuzzer`.
import PackageDescription

let fuzzTarget: (String) -> Target = { name in
    .executableTarget(
        name: name,
        dependencies: [.product(name: "RenderPipeline", package: "texteffects"),
                       .product(name: "Effects", package: "texteffects")],
        // libFuzzer brings main(); the target only defines LLVMFuzzerTestOneInput.
        swiftSettings: [.unsafeFlags(["-parse-as-library"])]
    )
}

let package = Package(
    name: "texteffects-fuzz",
    dependencies: [.package(name: "texteffects", path: "..")],
    targets: ["FuzzScene", "FuzzMarkdown", "FuzzMarkup", "FuzzCaptions", "FuzzDataRows", "FuzzCaptionStyle"].map(fuzzTarget)
)
