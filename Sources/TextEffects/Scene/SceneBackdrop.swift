import Foundation

/// The pixels every card of a template starts from: the canvas background and the template's
/// leading blocks that no placeholder reaches, drawn once and copied into each row's frame.
///
/// A card's background and its decorations (a gradient canvas, a glow, a ring) are the same
/// for every row, and a 1200×630 gradient costs Cairo's general compositor more than all of a
/// card's text: drawing them once and copying 3 MB a row gives the same bytes, since drawing is
/// deterministic and what those blocks draw over (the background, or nothing) is the same too.
///
/// ``BatchTemplate`` finds the leading blocks (``staticBlocks(of:)``): those whose JSON holds no
/// `{{placeholder}}`, in a template whose other top-level fields (canvas, environment, fonts,
/// viewport, strings…) hold none either. Only stills use it (see ``SceneRenderer``). One raster
/// is kept at a time, and all backdrops of the process together keep at most
/// ``Budget/shared``'s bytes; past that a row draws its backdrop itself.
package final class SceneBackdrop: @unchecked Sendable {
    /// How many of the template's leading blocks (before stacks are laid out) no row changes.
    package let templateBlocks: Int
    /// What the rasters of this backdrop and others together may hold.
    package let budget: Budget

    /// Bytes of rasters that backdrops keep, at most `limit`.
    package final class Budget: @unchecked Sendable {
        package let limit: Int
        private let lock = NSLock()
        private var used = 0

        /// The process's: 96 MB, thirty 1200×630 cards' backdrops (32 templates are served at once).
        package static let shared = Budget(limit: 96 << 20)

        package init(limit: Int) {
            self.limit = limit
        }

        /// Bytes kept now.
        package var bytesInUse: Int { lock.withLock { used } }

        func reserve(_ bytes: Int) -> Bool {
            lock.withLock {
                guard used + bytes <= limit else { return false }
                used += bytes
                return true
            }
        }

        func release(_ bytes: Int) {
            lock.withLock { used -= bytes }
        }
    }

    /// What a raster was drawn for: anything else a row's frame could differ in is the same
    /// for every row of the template.
    struct Key: Equatable {
        var width: Int
        var height: Int
        var time: Double
        /// Blocks drawn into it, stacks laid out.
        var blocks: Int
    }

    private let lock = NSLock()
    private var kept: (key: Key, surface: ImageSurface, bytes: Int)?

    package init(templateBlocks: Int, budget: Budget = .shared) {
        self.templateBlocks = templateBlocks
        self.budget = budget
    }

    deinit {
        if let kept { budget.release(kept.bytes) }
    }

    /// The raster for `key`: the one kept, or one `draw` makes (kept if the budget allows).
    /// Nil when `draw` makes none.
    func raster(for key: Key, draw: () -> ImageSurface?) -> ImageSurface? {
        if let kept = lock.withLock({ kept }), kept.key == key { return kept.surface }
        guard let surface = draw() else { return nil }
        let bytes = surface.stride * surface.height
        lock.withLock {
            if let old = kept {
                guard old.key != key else { return }
                budget.release(old.bytes)
                kept = nil
            }
            if budget.reserve(bytes) { kept = (key, surface, bytes) }
        }
        return surface
    }

    /// Whether a raster is kept now.
    package var isKept: Bool { lock.withLock { kept != nil } }

    /// How many of `template`'s leading blocks hold no placeholder, or nil when a top-level
    /// field other than `blocks` and `parameters` holds one (then even the canvas may differ
    /// from row to row).
    package static func staticBlocks(of template: JSONValue) -> Int? {
        guard case .object(let root) = template else { return nil }
        for (key, value) in root where key != "blocks" && key != "parameters" {
            if hasPlaceholder(value) { return nil }
        }
        guard case .array(let blocks)? = root["blocks"] else { return 0 }
        return blocks.firstIndex(where: hasPlaceholder) ?? blocks.count
    }

    /// Whether any string in `value` holds a `{{name}}` a row fills.
    static func hasPlaceholder(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): !TemplatePlaceholders.matches(in: text).isEmpty
        case .array(let items): items.contains(where: hasPlaceholder)
        case .object(let object): object.values.contains(where: hasPlaceholder)
        default: false
        }
    }
}
