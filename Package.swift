// swift-tools-version: 6.1
// 6.1: package traits (SE-0450), which keep the command line's and the preview's packages out of
// library users' builds.
import PackageDescription

// Platforms without Apple's SwiftUI, where this package's `SwiftUI` module stands in for it.
let withoutAppleSwiftUI: [Platform] = [.linux, .windows, .android, .openbsd, .wasi]

// Two package traits, both on by default, so `swift build`, `swift test` and `make` here build the
// whole CLI with its preview, as before:
// - `CLI`: the command line (the `TextEffectsCLI` library and the `texteffects` executable), parsed
//   with swift-argument-parser, which only this trait's targets depend on;
// - `Preview`: `texteffects preview` and its HTTP server (Hummingbird over SwiftNIO, swift-crypto,
//   async-http-client…: ~25 packages). It implies `CLI`: the preview is a subcommand, reachable
//   only through the command line (no product exports the Preview target), so `traits: ["Preview"]`
//   means "the CLI with its preview" and never a server stack with nothing to run it.
//
// A package that uses only the libraries (RenderPipeline, TextEffects, Effects, SwiftUI) turns both
// off and resolves, clones and builds NO other package, nor any package plug-in (SwiftPM 6.1+
// prunes dependencies used only under disabled traits):
//
//     .package(path: "../texteffects", traits: [])      // or url:…, from:…, traits: []
//
// A package with a custom command line (`TextEffectsCLI.main(effects: [MyEffect.self])`) writes
// `traits: ["CLI"]` (swift-argument-parser only, every subcommand but `preview`), or
// `traits: ["Preview"]` or no `traits:` at all (the defaults) for `preview` too. With the trait off,
// `TextEffectsCLI` is a type marked unavailable whose message says to turn `CLI` on: the error is
// met at the one line that calls it (TextEffectsCLI+TraitOff.swift), and builds that do not use
// the CLI — this package's own `swift build --disable-default-traits` among them — do not fail.
// Without `traits:` a library user still builds only what its products need, but resolves and
// clones the whole server stack first (default traits are on for dependents too).
// A RenderPipeline-only dependent's clean build (2 cores, `BENCH_ONLY=package make bench`, against
// 54447e7, before the traits): resolving ~20 s → ~1.5 s (compiling the two manifests: nothing is
// fetched); the whole 0.46 × (docs/performance.md, "Two modules"), with the scenes and everything
// above them in the `TextEffects` module, which such a dependent does not build.
//
// Why default-on traits rather than the other designs:
// - no default traits, the CLI turning them on: the root package's `swift build` / `swift test`
//   would build the CLI without its preview (a root package cannot turn on a trait for itself
//   except by `--traits` on every command line);
// - the CLI and preview in a package of their own (a subfolder): library users would need no
//   `traits: []`, but `swift build` at the root would no longer build the CLI, nor `swift test`
//   run its tests, and every move of the CLI's files would go through two manifests.
// With `Preview` off (`--traits CLI`), the CLI builds without its `preview` subcommand: the files
// that use Hummingbird (the server, its middleware), the command and its end-to-end tests are
// inside `#if Preview`; the rest of Preview (sessions, watcher, frame store) and PreviewTests build
// either way. With both off (`swift build --disable-default-traits`), TextEffectsCLI's sources are
// inside `#if CLI` and `texteffects` is a program that says the trait is off (exit 1); the tests
// need the CLI (CLITests runs it end to end): `swift test` with the defaults or `--traits CLI`.
let cliTrait = "CLI"
let previewTrait = "Preview"

let package = Package(
    name: "texteffects",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "RenderPipeline", targets: ["RenderPipeline"]),
        // Scenes, effect parameters, captions, batches, video and vector output, link reports;
        // brings RenderPipeline with it (`@_exported import`).
        .library(name: "TextEffects", targets: ["TextEffects"]),
        .library(name: "Effects", targets: ["Effects"]),
        // The whole command line, for a program of your own with its own effects:
        // `TextEffectsCLI.main(effects: [MyEffect.self])`.
        .library(name: "TextEffectsCLI", targets: ["TextEffectsCLI"]),
        // `import SwiftUI` on Linux (and other platforms without Apple's SwiftUI): RenderPipeline
        // under SwiftUI's module name, so SwiftUI `TextRenderer` files compile unchanged, module-
        // qualified names (`SwiftUI.Text.Layout`) included. On Apple platforms depend on it with
        // `condition: .when(platforms: [.linux])`: there its module is empty (see Sources/SwiftUI),
        // and Apple's SwiftUI is the one to import.
        .library(name: "SwiftUI", targets: ["SwiftUI"]),
        // `import SwiftUICore` the same way: the module Apple's drawing types live in since iOS 18.
        .library(name: "SwiftUICore", targets: ["SwiftUICore"]),
        .executable(name: "texteffects", targets: ["texteffects"]),
    ],
    traits: [
        .trait(
            name: cliTrait,
            description: "The command line: the TextEffectsCLI library and the `texteffects` executable "
                + "(swift-argument-parser). Library users turn it off with `traits: []`."
        ),
        .trait(
            name: previewTrait,
            description: "`texteffects preview`: the live preview's HTTP server (Hummingbird, SwiftNIO). "
                + "Implies CLI. Library users turn it off with `traits: []`.",
            enabledTraits: [cliTrait]
        ),
        .default(enabledTraits: [cliTrait, previewTrait]),
    ],
    dependencies: [
        // The command line's parser. Used under the CLI trait only, so dependents with the trait
        // off do not even resolve it (nor compile its two command plug-ins).
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The preview's HTTP server (SwiftNIO underneath). Used under the Preview trait only, so
        // dependents with the trait off do not even resolve it.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0"),
        // Hummingbird's own stack, named because Preview and its tests import from it directly
        // (the event loops, the server's lifecycle, its logger). The versions are Hummingbird 2.28's.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0", traits: []),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.14.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        // Pango. Its own pkg-config file brings `-pthread` (through gio's), which SwiftPM refuses
        // with a warning in every package that depends on this one. So the include paths come
        // from harfbuzz's file (GLib, HarfBuzz, FreeType: all Pango's headers need besides
        // Cairo's) and from CPangoHeaders, whose include folder links to Debian's Pango headers.
        .systemLibrary(
            name: "CPango",
            pkgConfig: "harfbuzz",
            providers: [.apt(["libpango1.0-dev"]), .brew(["pango"])]
        ),
        .target(name: "CPangoHeaders"),
        // pixman (Cairo's own pixel library): glyph masks composited without a Cairo call each.
        .systemLibrary(
            name: "CPixman",
            pkgConfig: "pixman-1",
            providers: [.apt(["libpixman-1-dev"]), .brew(["pixman"])]
        ),
        // libdeflate: the PNG writer's CRC-32 and Adler-32.
        .systemLibrary(
            name: "CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        // ISA-L's igzip: the PNG writer's DEFLATE compressor (streams in parts that end on sync
        // flushes, several times quicker than libdeflate's fastest level; see PNGWriter).
        .systemLibrary(
            name: "CIsal",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]
        ),
        // zlib: adler32_combine, the checksum of a PNG stream put together from parts.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),

        // libcsv: the CSV and TSV data rows `batch` fills templates from (quotes, doubled quotes,
        // line breaks inside quotes, CRLF). Debian ships no pkg-config file for it.
        .systemLibrary(
            name: "CCSV",
            providers: [.apt(["libcsv-dev"])]
        ),
        // JPEG images inline in text: libjpeg-turbo through its TurboJPEG API (see Sources/CJPEG/shim.h).
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libturbojpeg",
            providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]
        ),
        // WebP images inline in text: libwebp's decoder.
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        // SVG images inline in text: librsvg, loaded on the first SVG (see Sources/CRsvg/shim.h).
        .systemLibrary(name: "CRsvg"),
        // Markdown (CommonMark + GitHub extensions) block input.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        // The raw HTML in Markdown documents, through libxml2's HTML parser (no network, no scripts).
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        // Dictionary hyphenation (the ALTLinux/LibreOffice library) with Debian's hyphen-* patterns.
        .systemLibrary(
            name: "CHyphen",
            providers: [.apt(["libhyphen-dev"])]
        ),
        // ICU (the system's): CLDR plural rules for the plural variations of localized strings.
        // A plain C interface over it (ICU's headers would clash in Swift with the copy of ICU
        // Foundation carries).
        .target(
            name: "CPluralRules",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]
        ),
        // PNG scanlines packed from Cairo's pixels with SSSE3 byte shuffles (portable C elsewhere).
        .target(name: "CScanlines"),
        // docs/scene.schema.json's bytes for `texteffects schema`, compiled in with #embed (see
        // scene_schema.c for why not `.embedInCode`).
        .target(name: "CSceneSchema"),
        .target(
            name: "RenderPipeline",
            dependencies: ["CCairo", "CPango", "CPangoHeaders", "CRsvg", "CCmarkGFM", "CHyphen", "CPixman", "CJPEG", "CWebP", "CLibXML2",
                           "CDeflate", "CIsal", "CZlib", "CScanlines"]
        ),
        // The layers above Render (Scene, Links, most of Output, captions, data rows,
        // localization), a module of their own so that RenderPipeline's users do not build them.
        .target(
            name: "TextEffects",
            dependencies: ["RenderPipeline", "CCairo", "CPluralRules", "CCSV", "CJPEG", "CWebP"]
        ),
        .target(
            name: "Effects",
            dependencies: ["RenderPipeline", "TextEffects"]
        ),
        // RenderPipeline as `SwiftUI` (an `@_exported import`), for platforms without Apple's.
        .target(
            name: "SwiftUI",
            dependencies: ["RenderPipeline"]
        ),
        // RenderPipeline as `SwiftUICore`, for renderers that import Apple's drawing module by name.
        .target(
            name: "SwiftUICore",
            dependencies: ["RenderPipeline"]
        ),
        // inotify, for the preview's file watcher (a Linux system header; nothing to link). Elsewhere
        // the watcher polls modification times (Sources/Preview/FileWatcher.swift).
        .systemLibrary(name: "CInotify"),
        // The preview page's files (Sources/Preview/Page) compiled in with #embed (see preview_page.c).
        .target(name: "CPreviewPage"),
        // `texteffects preview`: a local page over SceneRenderer that re-renders on save, and
        // `texteffects serve`: template scenes as card URLs. Their
        // files that import Hummingbird are inside `#if Preview` (the trait).
        .target(
            name: "Preview",
            dependencies: [
                "RenderPipeline",
                "TextEffects",
                "Effects",
                // GLib's SHA-256 (GChecksum), for `serve`'s ETags and cache names.
                "CPango",
                // The page (Page/), compiled in.
                "CPreviewPage",
                .target(name: "CInotify", condition: .when(platforms: [.linux])),
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: [previewTrait])),
                .product(name: "HummingbirdCore", package: "hummingbird", condition: .when(traits: [previewTrait])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: [previewTrait])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: [previewTrait])),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(traits: [previewTrait])),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: .when(traits: [previewTrait])),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: [previewTrait])),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle", condition: .when(traits: [previewTrait])),
            ],
            // The page's files are compiled in by CPreviewPage (#embed).
            exclude: ["Page"]
        ),
        // The commands (render, validate, measure, effects, captions, batch, join, preview),
        // parsed with ArgumentParser; `TextEffectsCLI.main(effects:)` runs them. Its sources are
        // inside `#if CLI` (the trait); without it the module holds only an unavailable
        // `TextEffectsCLI` whose message names the trait.
        .target(
            name: "TextEffectsCLI",
            dependencies: [
                "RenderPipeline",
                "TextEffects",
                "Effects",
                // docs/scene.schema.json, which `texteffects schema` extends with the program's own effects.
                "CSceneSchema",
                // `preview` is a subcommand only with the trait (TextEffectsCommand.swift).
                .target(name: "Preview", condition: .when(traits: [previewTrait])),
                .product(name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: [cliTrait])),
            ]
        ),
        // `texteffects`: the command line with the built-in effects (with the CLI trait off, a
        // program that says so).
        .executableTarget(
            name: "texteffects",
            dependencies: [.target(name: "TextEffectsCLI", condition: .when(traits: [cliTrait]))]
        ),
        // White-box tests of layout, rendering and scenes; goldens live beside them.
        .testTarget(
            name: "RenderPipelineTests",
            dependencies: ["RenderPipeline", "TextEffects", "Effects", "CPango", "CPangoHeaders", "CCairo", "CScanlines"],
            exclude: ["Goldens"]
        ),
        // The built-in effects, their parameter declarations and the selection helper they share.
        .testTarget(
            name: "EffectsTests",
            dependencies: ["Effects", "RenderPipeline", "TextEffects"]
        ),
        // A third party's view: renderers and effects written against the public API alone
        // (RenderPipeline's, and TextEffects' for scenes and effect parameters).
        .testTarget(
            name: "PublicAPITests",
            dependencies: ["RenderPipeline", "TextEffects"]
        ),
        // Renderers written for SwiftUI's TextRenderer, compiled with `import RenderPipeline` in its place.
        .testTarget(
            name: "SwiftUICompatibilityTests",
            dependencies: ["RenderPipeline"]
        ),
        // End-to-end tests that run the built `texteffects` binary.
        .testTarget(
            name: "CLITests",
            dependencies: ["texteffects", "TextEffectsCLI", "TextEffects"]
        ),
        // The preview server's parts (sessions, watcher, guards) in process.
        .testTarget(
            name: "PreviewTests",
            dependencies: [
                "Preview", "RenderPipeline", "TextEffects", "Effects",
                // The in-process server tests drive Hummingbird's channel with NIO's embedded loop.
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: [previewTrait])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: [previewTrait])),
                .product(name: "NIOEmbedded", package: "swift-nio", condition: .when(traits: [previewTrait])),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras", condition: .when(traits: [previewTrait])),
            ]
        ),
        // `import SwiftUI` and `SwiftUI.`-qualified names in a renderer, drawn to pixels. Only
        // where this package's SwiftUI module is the SwiftUI (the sources are inside `#if`).
        .testTarget(
            name: "SwiftUIModuleTests",
            dependencies: [
                .target(name: "SwiftUI", condition: .when(platforms: withoutAppleSwiftUI)),
                .target(name: "SwiftUICore", condition: .when(platforms: withoutAppleSwiftUI)),
                "RenderPipeline",
            ]
        ),
    ]
)
