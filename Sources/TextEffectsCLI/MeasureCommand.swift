// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// `texteffects measure SCENE.json`: every block's size with and without truncation; draws nothing.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Print each block's laid-out and full (untruncated) size and displayed text as JSON; renders nothing."
    )

    @Argument(help: "The scene file.")
    var scene: String

    @OptionGroup var locale: LocaleOption

    @OptionGroup(title: "Asset paths") var assets: AssetPathOptions
    @OptionGroup(title: "Template") var template: TemplateOptions
    @OptionGroup(title: "Fonts") var fonts: FontOptions

    func run() throws {
        guard locale.isAll else {
            try StandardOutput.write(try LayoutDump.encode(report(locale: locale.locale)))
            try StandardOutput.write(Data("\n".utf8))
            return
        }
        // Every language's report under its code: which translation wraps or is cut.
        struct Reports: Encodable { var locales: [String: Report] }
        var reports = Reports(locales: [:])
        for locale in try locale.locales(of: scene, assets: assets.policy) {
            guard let locale else { continue }
            reports.locales[locale] = try report(locale: locale)
        }
        try StandardOutput.write(try LayoutDump.encode(reports))
        try StandardOutput.write(Data("\n".utf8))
    }

    struct Entry: Encodable {
        var id: String
        var measurement: TextMeasurement
        /// The frame a stack resolved the block to (or a shape block's), in canvas points.
        var frame: Frame?
        /// A shape block's shape `type`; shapes have no text to measure.
        var shape: String?
        /// An image block's `image` path, as the scene gives it; images have no text either.
        var image: String?
        /// An image block's `alt`: the text it stands for.
        var alt: String?
        enum CodingKeys: String, CodingKey { case id, frame, shape, image, text }
        func encode(to encoder: Encoder) throws {
            if shape == nil, image == nil { try measurement.encode(to: encoder) }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(frame, forKey: .frame)
            try container.encodeIfPresent(shape, forKey: .shape)
            try container.encodeIfPresent(image, forKey: .image)
            if image != nil { try container.encodeIfPresent(alt, forKey: .text) }
        }
    }

    struct Frame: Encodable {
        var x: Double, y: Double, width: Double
        var height: Double?
    }

    /// The canvas's size in points, reported when its height is `"auto"` (the height it resolved to).
    struct CanvasSize: Encodable { var width: Double, height: Double }

    struct Report: Encodable {
        var canvas: CanvasSize?
        var blocks: [Entry]
    }

    private func report(locale: String?) throws -> Report {
        let scene = try SceneLoading.load(scene, locale: locale, assets: assets.policy, values: template.values,
                                          releasingImagePixels: true)
        ImageWarnings.shared.print(for: scene, file: self.scene, quiet: false)
        let fonts = try self.fonts.library(for: scene, file: self.scene)
        let measurer = SceneMeasurer(scene: scene, fonts: fonts)
        var canvas: CanvasSize?
        if scene.canvas.isHeightAuto {
            // The height is the laid-out content's: lay the scene out as render does (and refuse what it refuses).
            let resolved = try SceneLoading.prepare(self.scene) { try SceneRenderer(scene: scene, cutsCaptions: true, fonts: fonts) }.scene.canvas
            canvas = CanvasSize(width: LayoutDump.round(resolved.width), height: LayoutDump.round(resolved.height))
        }
        // Blocks a stack placed, shapes and images report their frames; other blocks keep theirs as given.
        let placedByScene = Set(scene.blocks.filter { $0.stack == nil && $0.shape == nil && $0.image == nil }.map(\.id))
        return Report(canvas: canvas, blocks: zip(measurer.scene.blocks, measurer.measurements()).map { block, measurement in
            let frame = block.frame
            let placed = !placedByScene.contains(block.id)
            return Entry(id: block.id, measurement: measurement,
                         frame: placed ? Frame(x: LayoutDump.round(frame.x), y: LayoutDump.round(frame.y),
                                               width: LayoutDump.round(frame.width), height: frame.height.map(LayoutDump.round)) : nil,
                         shape: block.shape?.kind.typeName, image: block.image?.source, alt: block.image?.alt)
        })
    }
}
#endif
