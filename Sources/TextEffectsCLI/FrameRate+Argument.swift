// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import TextEffects

/// `--fps 30`, `--fps 29.97` or `--fps 30000/1001`.
extension FrameRate: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(parsing: argument)
    }

    public var defaultValueDescription: String { description }
}
#endif
