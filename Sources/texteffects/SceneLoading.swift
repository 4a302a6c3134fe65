import ArgumentParser
import Effects
import Foundation
import RenderPipeline

/// Reading a scene for a command: problems go to standard error, one per line, and exit 2.
enum SceneLoading {
    static func load(_ path: String) throws -> Scene {
        do {
            return try SceneDecoder(effects: .builtIn).decode(contentsOf: URL(fileURLWithPath: path), displayName: path)
        } catch let error as SceneError {
            printError(error.description)
            throw ExitCode(2)
        }
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
