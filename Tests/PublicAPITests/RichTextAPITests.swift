import Foundation
import RenderPipeline
import Testing

/// The rich-text API as a library user sees it (no @testable): the example in docs/rich-text.md.
@Suite struct RichTextAPITests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func documentedExampleBuildsAndExports() throws {
        setenv("FONTCONFIG_FILE", Self.root.appendingPathComponent("Tests/Fixtures/fonts.conf").path, 1)
        let logo = try Image(contentsOfFile: Self.root.appendingPathComponent("Scenes/assets/logo.svg").path)
        let price = 39.9
        let title = Text {
            Text(tag: "京东超市", background: .color(Color(parsing: "#E4393C")!))
                .font(.caption).foregroundColor(.white).accessibilityLabel("【京东超市】")
            " 德芙 Dove "
            Text(logo).baselineOffset(-3)
            Text(" \(price, format: .currency(code: "CNY").locale(Locale(identifier: "zh_CN")))").bold()
        }
        let layout = TextLayout(title.font(.body), options: LayoutOptions(width: 334, dynamicTypeSize: .accessibility3))
        #expect(layout.exportedText == "【京东超市】 德芙 Dove  ¥39.90")
        let boxes = layout.runs.compactMap(\.inlineBox)
        #expect(boxes.count == 2)
        #expect(layout.glyphs.filter(\.isInlineBox).count == 2)
        guard case .image(let image)? = boxes.last?.content else { Issue.record("no image box"); return }
        #expect(image.isVector)
        // body at accessibility3 is 40 pt: the image is that tall, lowered by 3 pt.
        #expect(boxes.last?.rect == CGRect(x: 0, y: -37, width: 40, height: 40))
    }
}
