// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Effects
import Foundation
import TextEffects

/// Reading a scene for a command: its problems are thrown for `ErrorReport`, which prints them
/// one per line and exits 2.
enum SceneLoading {
    /// `releasingImagePixels`: for a command that draws nothing (see `SceneDecoder.releasesImagePixels`).
    static func load(_ path: String, locale: String? = nil, assets: AssetPolicy = AssetPolicy(),
                     values: [String: JSONValue] = [:], releasingImagePixels: Bool = false) throws -> Scene {
        var decoder = SceneDecoder(effects: .commandLine)
        decoder.releasesImagePixels = releasingImagePixels
        decoder.locale = locale
        decoder.assetPolicy = assets
        decoder.templateValues = values
        return try decoder.decode(contentsOf: URL(fileURLWithPath: path), displayName: path)
    }

    /// Runs a step that can still find the scene unusable (fonts folders fontconfig rejects,
    /// no fonts at all): its error goes out as `SCENE: message` with exit status 2.
    static func prepare<T>(_ path: String, _ step: () throws -> T) throws -> T {
        do { return try step() } catch { throw CommandFailure.input(error, at: path) }
    }

    /// Prints a message to standard error, each of its lines escaped and cut to one printable line
    /// (problems are one a line; a scene's text must not break that or drive the terminal).
    static func printError(_ message: String) {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).oneMessageLine() }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}
#endif
