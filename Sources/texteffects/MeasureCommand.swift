import ArgumentParser
import Foundation
import RenderPipeline

/// `texteffects measure SCENE.json`: every block's size with and without truncation; draws nothing.
struct MeasureCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Print each block's laid-out and full (untruncated) size and displayed text as JSON; renders nothing."
    )

    @Argument(help: "The scene file.")
    var scene: String

    func run() throws {
        let scene = try SceneLoading.load(scene)
        let measurements = try SceneLoading.prepare(self.scene) { try SceneMeasurer(scene: scene).measurements() }
        struct Entry: Encodable {
            var id: String
            var measurement: TextMeasurement
            enum CodingKeys: String, CodingKey { case id }
            func encode(to encoder: Encoder) throws {
                try measurement.encode(to: encoder)
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(id, forKey: .id)
            }
        }
        struct Report: Encodable { var blocks: [Entry] }
        let report = Report(blocks: zip(scene.blocks, measurements).map { Entry(id: $0.id, measurement: $1) })
        FileHandle.standardOutput.write(try LayoutDump.encode(report))
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}
