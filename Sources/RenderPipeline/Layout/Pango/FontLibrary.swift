import CPango
import Foundation

/// The fonts text is laid out with: fontconfig's configuration (honouring `FONTCONFIG_FILE`)
/// plus any extra folders a scene names, behind one Pango font map.
///
/// Emoji runs draw in colour under any configuration (see `EmojiFamilyRule`).
///
/// Layout settings are fixed for smooth animation and reproducible output: 72 dpi (1 pt = 1 px),
/// grayscale antialiasing, no hinting, unhinted metrics and unrounded glyph positions.
public final class FontLibrary: @unchecked Sendable {
    let fontMap: PangoFontMapObject
    /// The folders added to the configuration's fonts (absolute paths); empty for `system`.
    let addedDirectories: [String]

    /// The system's fonts, shared by everything that names no extra folders.
    public static let system: FontLibrary = {
        // fontconfig loads its configuration for every thread that finds none yet and keeps
        // one: asking here while `preload()` is still loading it would parse the configuration
        // and read the font caches a second time (~33 M instructions, a tenth of a corpus
        // still's start-up). Wait for that load instead; it is the same work, done once.
        preloading.wait()
        return FontLibrary(fontMap: PangoLock.withLock {
            FcInit()
            EmojiFamilyRule.install(in: nil)
            return PangoFontMapObject()
        })
    }()

    /// Busy while `preload()` loads fontconfig's configuration.
    private static let preloading = DispatchGroup()

    private init(fontMap: PangoFontMapObject, addedDirectories: [String] = []) {
        self.fontMap = fontMap
        self.addedDirectories = addedDirectories
    }

    /// The system's fonts plus the fonts in `directories`, for this library only.
    public convenience init(addingDirectories directories: [String]) throws {
        guard !directories.isEmpty else {
            self.init(fontMap: FontLibrary.system.fontMap)
            return
        }
        let map: PangoFontMapObject = try PangoLock.withLock {
            guard let config = FontconfigConfiguration() else { throw LayoutError.fontConfigurationUnloadable }
            for directory in directories {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                    throw LayoutError.fontsNotAFolder(directory)
                }
                guard config.addFontDirectory(directory) else {
                    throw LayoutError.fontsUnreadable(folder: directory)
                }
            }
            EmojiFamilyRule.install(in: config)
            return PangoFontMapObject(configuration: config)
        }
        self.init(fontMap: map, addedDirectories: directories)
    }

    /// The fonts for a scene: the system's plus `directories`, refusing a configuration in which
    /// fontconfig finds no font at all (nothing could be drawn).
    public static func forScene(addingDirectories directories: [String]) throws -> FontLibrary {
        let fonts = try FontLibrary(addingDirectories: directories)
        // Asked of fontconfig, not of Pango: Pango lists its generic families (Sans, Serif,
        // Monospace, System-ui) even when fontconfig has no font to give them, and a layout
        // with no font draws nothing, so that list would let a blank frame through.
        guard fonts.hasFonts else {
            throw LayoutError.noFonts
        }
        return fonts
    }

    /// A new Pango context with the library's fixed rendering settings; call with the lock held.
    func makeContext(language: String) -> PangoContextObject {
        PangoContextObject(fontMap: fontMap, fontOptions: .forLayout(), language: language)
    }

    /// Starts loading the system's fonts on another thread, so that fontconfig reads its
    /// configuration and caches while the caller parses arguments and reads a scene.
    public static func preload() {
        preloading.enter()
        DispatchQueue.global(qos: .userInitiated).async {
            // Outside the Pango lock, which the caller's thread may need meanwhile: FcInit is
            // thread-safe, and `system` waits for it rather than loading the configuration again.
            FcInit()
            preloading.leave()
            // The font map and its emoji rule, which every render needs (not the family list:
            // only `fonts` asks for it, and listing every family costs ~8 M instructions).
            _ = system
        }
    }

    /// Filled on first use, under the Pango lock: the fonts of a library do not change.
    private var cachedFamilyNames: [String]?
    /// The family names of the font Pango loads for a family in a language (see
    /// `familyNamesOfFont(loadedFor:language:)`), under the Pango lock.
    var loadedFamilyNames: [String: [String]] = [:]

    /// The families Pango offers, sorted: fontconfig's and Pango's generic ones (Sans, Serif,
    /// Monospace, System-ui), which it lists even when fontconfig has no font for them.
    public var familyNames: [String] {
        PangoLock.withLock {
            if let cachedFamilyNames { return cachedFamilyNames }
            let names = fontMap.familyNames.sorted()
            cachedFamilyNames = names
            return names
        }
    }
}
