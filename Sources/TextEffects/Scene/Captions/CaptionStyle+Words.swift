import Foundation

extension CaptionStyle {
    /// How a cue's timed words show as they are spoken (a style's `words`): the colours of
    /// spoken, unspoken and active words and the effect that marks the active one. Cues without
    /// word timings are drawn without it.
    public struct Words: Hashable, Sendable {
        /// What marks the word being spoken.
        public enum Effect: String, Hashable, Sendable, CaseIterable {
            /// The active colour fills each word from its leading edge over its time (ASS `\kf`).
            case karaoke
            /// The active word takes the active colour (and plate, when given).
            case highlight
            /// As `highlight`, and the active word springs to a larger size.
            case pop
            /// Words appear as they are spoken, fading in.
            case reveal
        }

        public var effect: Effect
        /// Paint of words already spoken; nil keeps the style's colour.
        public var spoken: Paint?
        /// Paint of words not yet spoken; nil keeps the style's colour.
        public var unspoken: Paint?
        /// Paint of the word being spoken; nil uses `spoken`.
        public var active: Paint?
        /// How much bigger the active word grows; nil: 1.15 for `pop`, else 1 (no growth).
        public var scale: Double?
        /// A rounded plate behind the active word.
        public var plate: Plate?
        /// Seconds a word takes to fade in under `reveal`.
        public var fade: Double = 0.12

        public init(effect: Effect, spoken: Paint? = nil, unspoken: Paint? = nil, active: Paint? = nil) {
            self.effect = effect
            self.spoken = spoken
            self.unspoken = unspoken
            self.active = active
        }

        /// The active word's growth in effect.
        public var activeScale: Double { scale ?? (effect == .pop ? 1.15 : 1) }

        /// The renderer that draws the words, stacked inside the caption's own.
        func renderer(frameHeight: Double) -> WordTimingRenderer {
            var renderer = WordTimingRenderer()
            renderer.spoken = spoken
            renderer.unspoken = unspoken
            renderer.active = active
            renderer.sweeps = effect == .karaoke
            renderer.activeScale = activeScale
            renderer.activePlate = plate.map { WordTimingRenderer.ActivePlate(paint: $0.paint, cornerRadius: $0.cornerRadius, padding: $0.padding) }
            renderer.hidesUnspoken = effect == .reveal
            renderer.fadeDuration = effect == .reveal ? fade : 0
            return renderer
        }
    }
}
