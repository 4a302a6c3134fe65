import Foundation

/// A streamed block laid out as its answer arrives: the layout (and drawing geometry) of the
/// text arrived by any time, made when a frame first asks for it and kept for the frames after.
///
/// Frames are drawn in parallel and each asks for its own time, so states are made under a
/// lock; the last few are kept (frames of one moment share them), and layouts of the same
/// arrived text are the same whichever frame made them, so output stays deterministic.
final class StreamedBlockLayouts: @unchecked Sendable {
    /// What one frame draws: the block with the arrived text, its layout and geometry.
    struct State {
        var block: Block
        var layout: TextLayout
        var geometry: BlockGeometry
    }

    let block: Block
    let stream: MarkdownStream
    private let environment: TextEnvironment
    private let fonts: FontLibrary
    /// The scene's frame rate: new text is told from old by the frames before (``TextArrival``).
    private let fps: Double
    private let lock = NSLock()
    /// The answer's top-level blocks laid out so far: each new arrival lays out only what changed.
    private let incremental: IncrementalMarkdownLayout?
    /// The most recent states by the UTF-8 length of the arrived text, newest last.
    private var recent: [(length: Int, state: State)] = []
    /// How many graphemes the layout of each arrived length has (small, kept for the whole render).
    private var graphemeCounts: [Int: Int] = [:]
    /// How many states are kept: frames drawn in parallel ask for a few neighbouring times.
    private static let keptStates = 8

    /// `layoutsIncrementally` false lays out the whole arrived text at each arrival, as before
    /// ``IncrementalMarkdownLayout``: the bench's comparison (``StreamLayoutTiming``), not for drawing.
    init(block: Block, stream: MarkdownStream, environment: TextEnvironment, fonts: FontLibrary, fps: Double,
         layoutsIncrementally: Bool = true) {
        self.block = block
        self.stream = stream
        self.environment = environment
        self.fonts = fonts
        self.fps = fps
        incremental = !layoutsIncrementally ? nil : block.markdown.map {
            IncrementalMarkdownLayout(markdown: $0, options: block.layoutOptions(in: environment), baseStyle: block.text.baseStyle, fonts: fonts)
        }
    }

    /// The text arrived by `time`, as the block shows it at that time.
    func state(at time: Double) -> State {
        lock.lock()
        defer { lock.unlock() }
        var state = state(arrivedLength: length(at: time))
        guard block.arrivalWindow > 0 else { return state }
        // The graphemes of the frames before, as far back as the longest window asks.
        var earlier: [TextArrival.Frame] = []
        let frames = Int((block.arrivalWindow * fps).rounded(.up))
        let frame = (time * fps).rounded()
        for back in stride(from: frames, through: 1, by: -1) where frame - Double(back) >= 0 {
            let then = (frame - Double(back)) / fps
            let length = length(at: then)
            let count = graphemeCounts[length] ?? self.state(arrivedLength: length).layout.graphemeCount
            earlier.append(TextArrival.Frame(time: then, graphemes: count))
        }
        state.layout = state.layout.with(arrival: TextArrival(clock: time, earlier: earlier))
        return state
    }

    /// The state once the first `count` arrivals are complete, whatever the time.
    func state(arrivedCount count: Int) -> State {
        lock.lock()
        defer { lock.unlock() }
        return state(arrivedLength: stream.arrivedLength(count: count))
    }

    /// Top-level blocks laid out so far (each whole layout counts one): what each arrival costs.
    var blocksLaidOut: Int? { incremental?.blocksLaidOut }

    private func length(at time: Double) -> Int { stream.arrivedLength(count: stream.arrivedCount(at: time)) }

    /// The state of the first `length` bytes, kept or made; call with the lock held.
    private func state(arrivedLength length: Int) -> State {
        if let index = recent.lastIndex(where: { $0.length == length }) { return recent[index].state }
        let state = makeState(arrivedLength: length)
        recent.append((length, state))
        if recent.count > Self.keptStates { recent.removeFirst() }
        graphemeCounts[length] = state.layout.graphemeCount
        return state
    }

    /// Lays out the first `length` bytes of the answer.
    private func makeState(arrivedLength length: Int) -> State {
        var shown = block
        // Unclosed constructs at the end are shown as they will settle (MarkdownSettler).
        let settled = MarkdownSettler.settle(stream.prefix(utf8Length: length))
        shown.markdown?.text = settled.text
        shown.markdown?.leavesLastCodePlain = settled.hasOpenFence
        let options = shown.layoutOptions(in: environment)
        let layout = incremental?.textLayout(settled.text, leavesLastCodePlain: settled.hasOpenFence) ?? shown.layout(in: environment, fonts: fonts)
        return State(block: shown, layout: layout, geometry: BlockGeometry(block: shown, layout: layout, options: options, fonts: fonts))
    }
}
