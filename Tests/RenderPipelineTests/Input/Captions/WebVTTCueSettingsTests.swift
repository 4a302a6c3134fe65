import Testing
@testable import RenderPipeline
@testable import TextEffects

extension CaptionTests {
    /// Every cue setting the WebVTT specification defines, with its valid forms, its invalid forms
    /// (skipped, keeping the default) and its interactions with regions.
    @Suite struct WebVTTCueSettingsTests {
        static func settings(_ text: String, regions: [String] = []) -> (CueSettings, skipped: [String]) {
            var settings = CueSettings()
            let skipped = WebVTTCueSettings.apply(text, regions: regions.map { var r = CaptionRegion(); r.id = $0; return r }, to: &settings)
            return (settings, skipped)
        }

        @Test func defaults() {
            let s = CueSettings()
            #expect(s.writingDirection == .horizontal && s.line == .auto && s.lineAlignment == .start && s.snapToLines)
            #expect(s.position == nil && s.positionAlignment == .auto && s.size == 100 && s.textAlignment == .center && s.region == nil)
        }

        @Test func vertical() {
            #expect(Self.settings("vertical:rl").0.writingDirection == .verticalGrowingLeft)
            #expect(Self.settings("vertical:lr").0.writingDirection == .verticalGrowingRight)
            #expect(Self.settings("vertical:RL") == (CueSettings(), ["vertical:RL"]))
        }

        @Test func lineNumbersPercentagesAndAlignment() {
            #expect(Self.settings("line:0").0.line == .lineNumber(0))
            #expect(Self.settings("line:-1").0.line == .lineNumber(-1))
            #expect(Self.settings("line:1.5").0.line == .lineNumber(1.5))
            #expect(Self.settings("line:85%").0.line == .percentage(85))
            #expect(Self.settings("line:12.5%").0.line == .percentage(12.5))
            #expect(Self.settings("line:85%").0.snapToLines == false)
            #expect(Self.settings("line:3").0.snapToLines)
            for (value, alignment) in [("start", CueSettings.LineAlignment.start), ("center", .center), ("end", .end)] {
                let s = Self.settings("line:0,\(value)").0
                #expect(s.line == .lineNumber(0) && s.lineAlignment == alignment)
            }
            #expect(Self.settings("line:50%,center").0.lineAlignment == .center)
            // Invalid: skipped as a whole.
            for bad in ["line:auto", "line:x", "line:1-", "line:--1", "line:1..2", "line:.5", "line:5.", "line:1,middle",
                        "line:101%", "line:-5%", "line:5.%", "line:", ":5", "line"] {
                let (s, skipped) = Self.settings(bad)
                #expect(s == CueSettings() && skipped == [bad], "\(bad)")
            }
        }

        @Test func positionAndItsAlignment() {
            #expect(Self.settings("position:10%").0.position == 10)
            #expect(Self.settings("position:0%").0.position == 0)
            #expect(Self.settings("position:100%").0.position == 100)
            for (value, alignment) in [("line-left", CueSettings.PositionAlignment.lineLeft), ("center", .center), ("line-right", .lineRight)] {
                let s = Self.settings("position:25.5%,\(value)").0
                #expect(s.position == 25.5 && s.positionAlignment == alignment)
            }
            for bad in ["position:10", "position:auto", "position:110%", "position:10%,left", "position:10%,auto", "position:-1%"] {
                let (s, skipped) = Self.settings(bad)
                #expect(s == CueSettings() && skipped == [bad], "\(bad)")
            }
        }

        @Test func size() {
            #expect(Self.settings("size:50%").0.size == 50)
            #expect(Self.settings("size:0%").0.size == 0)
            #expect(Self.settings("size:50").1 == ["size:50"])
            #expect(Self.settings("size:150%").1 == ["size:150%"])
        }

        @Test func align() {
            for value in CueSettings.TextAlignment.allCases {
                #expect(Self.settings("align:\(value.rawValue)").0.textAlignment == value)
            }
            #expect(Self.settings("align:middle") == (CueSettings(), ["align:middle"]))
        }

        @Test func regionIsTheLastWithThatIDAndDropsOutWhenPlaced() {
            #expect(Self.settings("region:a", regions: ["a"]).0.region == "a")
            #expect(Self.settings("region:b", regions: ["a"]).1 == ["region:b"])
            // line, size other than 100% and vertical take the cue out of its region.
            #expect(Self.settings("region:a line:0", regions: ["a"]).0.region == nil)
            #expect(Self.settings("region:a size:50%", regions: ["a"]).0.region == nil)
            #expect(Self.settings("region:a size:100%", regions: ["a"]).0.region == "a")
            #expect(Self.settings("region:a vertical:rl", regions: ["a"]).0.region == nil)
            #expect(Self.settings("region:a position:10% align:left", regions: ["a"]).0.region == "a")
        }

        @Test func laterSettingsWinAndWhitespaceSeparates() {
            let (s, skipped) = Self.settings("  align:left\talign:right   line:1  line:2%  ")
            #expect(s.textAlignment == .right && s.line == .percentage(2) && skipped.isEmpty)
        }

        @Test func settingsOnTheTimingLine() throws {
            let cue = try Captions.cue("00:01.000 --> 00:02.000 vertical:lr line:-2,end position:90%,line-right size:35% align:end")
            #expect(cue.settings.writingDirection == .verticalGrowingRight)
            #expect(cue.settings.line == .lineNumber(-2) && cue.settings.lineAlignment == .end)
            #expect(cue.settings.position == 90 && cue.settings.positionAlignment == .lineRight)
            #expect(cue.settings.size == 35 && cue.settings.textAlignment == .end)
            // No whitespace is needed around the arrow.
            #expect(try Captions.cue("00:01.000-->00:02.000").end == Captions.ms(2000))
        }
    }
}
