// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// `--asset-root DIR` and `--allow-any-path`: where the images, font folders, caption files
/// and string tables a scene names may be read from (by default: only inside its folder).
struct AssetPathOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Let a scene read the files it names from anywhere inside this folder, not only its own (it must be inside it).", valueName: "dir"))
    var assetRoot: String?

    @Flag(help: "Let a scene read any file it names: absolute paths, .. and symbolic links that lead out of its folder. Still only regular files.")
    var allowAnyPath = false

    @Flag(help: "Make a Markdown image that cannot be shown (unreadable, remote) an error (exit 2) instead of its alt text and a warning.")
    var strictImages = false

    func validate() throws {
        guard let assetRoot else { return }
        var isDirectory: ObjCBool = false
        guard !assetRoot.isEmpty, FileManager.default.fileExists(atPath: assetRoot, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("--asset-root must be a folder, not \"\(assetRoot)\"")
        }
    }

    /// The policy the scene decoder applies.
    var policy: AssetPolicy {
        var policy = AssetPolicy(root: assetRoot.map { URL(fileURLWithPath: $0, isDirectory: true) }, allowsAnyPath: allowAnyPath)
        policy.strictImages = strictImages
        return policy
    }
}
#endif
