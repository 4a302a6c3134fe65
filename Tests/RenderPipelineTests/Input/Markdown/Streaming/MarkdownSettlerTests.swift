import Testing
@testable import RenderPipeline

/// The settle step over an answer's arrived prefix: each unfinished construct is completed or
/// held back, and finished text is never changed.
@Suite struct MarkdownSettlerTests {
    func settled(_ text: String) -> String { MarkdownSettler.settle(text).text }

    @Test func finishedTextIsLeftAsItIs() {
        for text in ["", "Hello **world**.", "# Title\n\nA [link](https://x.test) and `code`.\n", "```swift\nlet a = 1\n```\n",
                     "| a | b |\n|---|---|\n| 1 | 2 |\n", "Sum: $x_1 + x_2$ done.", "$$\nx^2\n$$\n", "snake_case_name and 2 * 3 = 6"] {
            #expect(settled(text) == text)
            #expect(MarkdownSettler.settle(text).hasOpenFence == false)
        }
    }

    @Test func anUnclosedFenceIsClosedAndReportedOpen() {
        let result = MarkdownSettler.settle("Code:\n\n```python\nprint(1)\nprint(")
        #expect(result.text == "Code:\n\n```python\nprint(1)\nprint(\n```\n")
        #expect(result.hasOpenFence)
        // Markup inside the open fence is code, not emphasis to close.
        #expect(settled("```\na **b") == "```\na **b\n```\n")
        // A longer or tilde fence closes with its own marker.
        #expect(settled("~~~~\nx\n") == "~~~~\nx\n~~~~\n")
        // Parsed, it is one code block with the code so far.
        #expect(MarkdownParser.parse(result.text).children.last == .codeBlock(language: "python", code: "print(1)\nprint(\n"))
    }

    @Test func aFenceLineStillArrivingAndAMathFenceAreHeldBack() {
        #expect(settled("Text\n\n```pyth") == "Text\n\n")
        #expect(settled("Text\n\n```math\nx^") == "Text\n\n")
        #expect(settled("Text\n\n``") == "Text\n\n")
    }

    @Test func emphasisIsClosedInnermostFirst() {
        #expect(settled("This is **bold") == "This is **bold**")
        #expect(settled("This is *it") == "This is *it*")
        #expect(settled("This is _it") == "This is _it_")
        #expect(settled("gone ~~old") == "gone ~~old~~")
        #expect(settled("**bold *and it") == "**bold *and it***")
        #expect(settled("call `sorted(") == "call `sorted(`")
        // Trailing white space moves after the closer, which must follow a character.
        #expect(settled("**bold ") == "**bold**")
        // A closer half arrived is completed, not doubled.
        #expect(settled("**bold*") == "**bold**")
        // Markers inside code, and list bullets, are not emphasis.
        #expect(settled("use `**kwargs") == "use `**kwargs`")
        #expect(settled("* item one") == "* item one")
        #expect(settled("snake_case") == "snake_case")
        // Parsed, the closed text is strong.
        #expect(MarkdownParser.parse(settled("This is **bold")).children == [.paragraph([.text("This is "), .strong([.text("bold")])])])
    }

    @Test func aMarkerWithNothingAfterItIsHeldBack() {
        #expect(settled("Hello **") == "Hello")
        #expect(settled("Hello *") == "Hello")
        #expect(settled("Say `") == "Say")
    }

    @Test func aHalfWrittenLinkShowsItsText() {
        #expect(settled("See [the docs](https://swift.org/do") == "See the docs")
        #expect(settled("See [the do") == "See the do")
        #expect(settled("See [the docs]") == "See the docs")
        #expect(settled("Logo ![alt text](pic.pn") == "Logo ")
        #expect(settled("See [a](b) and [c](d") == "See [a](b) and c")
    }

    @Test func aTableIsHeldBackUntilItsDelimiterRowHasArrived() {
        #expect(settled("Intro.\n\n| a | b |\n") == "Intro.\n\n")
        #expect(settled("Intro.\n\n| a | b |\n|---|--") == "Intro.\n\n")
        #expect(settled("Intro.\n\n| a | b |\n|---|---|\n") == "Intro.\n\n| a | b |\n|---|---|\n")
        // Rows still arriving show once the table has begun.
        #expect(settled("| a | b |\n|---|---|\n| 1 | 2") == "| a | b |\n|---|---|\n| 1 | 2")
    }

    @Test func halfArrivedMathIsHeldBack() {
        #expect(settled("Euler:\n\n$$\ne^{i\\pi") == "Euler:\n\n")
        #expect(settled("Euler: $$e^{i") == "Euler: ")
        #expect(settled("Euler:\n\n\\[\ne^{i") == "Euler:\n\n")
        #expect(settled("Inline $x_1 + x") == "Inline ")
        #expect(settled("Inline \\(x_1") == "Inline ")
        // Prices are not math.
        #expect(settled("It costs $5 and") == "It costs $5 and")
    }

    @Test func aLastLineOfMarkersAloneIsHeldBack() {
        #expect(settled("Title\n-") == "Title\n")
        #expect(settled("Text\n\n##") == "Text\n\n")
        #expect(settled("1. one\n2.") == "1. one\n")
        #expect(settled("> quote\n>") == "> quote\n")
    }
}
