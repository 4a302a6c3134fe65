/// When the graphemes of a streamed text arrived, as a frame sees them: how many graphemes the
/// layout had at each of the frames before it (within the longest `arrived` window an effect
/// asks about) and the frame's own time.
///
/// It lets an `{"arrived": {"within": s}}` selector pick the text that arrived in the last `s`
/// seconds, so that any effect can fade, tint or blur it in. Times are frame times: text is
/// new from the first frame that shows it.
package struct TextArrival: Hashable, Sendable {
    /// The time of the frame this layout is drawn at.
    package var clock: Double
    /// Earlier frames, oldest first: their time and how many graphemes their layout had.
    package var earlier: [Frame]

    package struct Frame: Hashable, Sendable {
        package var time: Double
        package var graphemes: Int

        package init(time: Double, graphemes: Int) {
            self.time = time
            self.graphemes = graphemes
        }
    }

    package init(clock: Double, earlier: [Frame]) {
        self.clock = clock
        self.earlier = earlier
    }

    /// Whether grapheme `index` (of this frame's layout) first showed less than `within`
    /// seconds ago: no earlier frame at least that old already had it.
    package func arrived(grapheme index: Int, within: Double) -> Bool {
        // The newest earlier frame at least `within` old (a hair of slack for frame times).
        let cutoff = clock - within + 1e-9
        // No frame that old (the answer began less than `within` ago): all of it is new.
        guard let old = earlier.last(where: { $0.time <= cutoff }) else { return true }
        return index >= old.graphemes
    }
}

extension TextLayout {
    /// This layout as a frame of a stream draws it: `arrival` says which of its text is new.
    package func with(arrival: TextArrival) -> TextLayout {
        TextLayout(storage: storage.with(arrival: arrival))
    }
}
