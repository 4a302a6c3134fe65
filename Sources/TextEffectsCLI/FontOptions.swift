// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// `--strict-fonts`, and loading a scene's fonts the way every command does: none at all is an
/// error, and a family fontconfig does not have is a warning (or, strict, an error).
struct FontOptions: ParsableArguments {
    @Flag(help: "A font family that is not installed is an error (exit 2, nothing written), not a warning and another font.")
    var strictFonts = false

    /// The scene's fonts (the system's plus its `fonts.directories`), its families checked
    /// against them: throws when there is no font at all (`SCENE: fonts: …`, exit 2) or, strict,
    /// for each family that is not installed; otherwise warns about those on standard error,
    /// once a run, unless `quiet` (`--quiet`: nothing but errors). `familiesIn`: the file the
    /// scene's families are named in, when not `file` (a caption style's).
    func library(for scene: Scene, file: String, familiesIn: String? = nil, quiet: Bool = false) throws -> FontLibrary {
        try Self.library(for: scene, file: file, familiesIn: familiesIn, check: check(quiet: quiet))
    }

    /// The scene's fonts, its families held to them by `check` (see the method above).
    static func library(for scene: Scene, file: String, familiesIn: String? = nil, check: FontCheck) throws -> FontLibrary {
        let fonts = try SceneLoading.prepare(file) { try FontLibrary.forScene(addingDirectories: scene.fontDirectories) }
        try check.check(scene.requestedFonts, library: fonts, file: familiesIn ?? file)
        return fonts
    }

    /// The check with this run's strictness, warning on standard error unless `quiet`.
    func check(quiet: Bool = false) -> FontCheck {
        Self.check(strict: strictFonts, quiet: quiet)
    }

    /// A check that is `strict` or warns on standard error (unless `quiet`), once a run.
    static func check(strict: Bool, quiet: Bool = false) -> FontCheck {
        FontCheck(isStrict: strict, warn: FontWarnings.shared.printer(quiet: quiet))
    }
}

extension FontOptions {
    /// Checks a batch template's fonts before any row (none at all: exit 2 naming the template;
    /// strict and a family it names outside placeholders missing: exit 2), and has every row's
    /// families checked before it is laid out (a row's own missing family, strict, fails that row).
    func prepare(_ batch: BatchTemplate, quiet: Bool) throws {
        let check = check(quiet: quiet)
        do { try batch.checkFonts(with: check) } catch let error as LayoutError {
            throw CommandFailure.input(error, at: batch.file)
        }
        batch.fontCheck = check
    }
}
#endif
