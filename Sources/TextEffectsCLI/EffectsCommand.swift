// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Effects
import TextEffects

/// `texteffects effects`: lists every registered effect with its parameters and defaults.
struct EffectsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "effects",
        abstract: "List the effects a scene can use, with their parameters and defaults."
    )

    func run() {
        let registry = EffectRegistry.commandLine
        for name in registry.names {
            let summary = registry.type(named: name)?.summary ?? ""
            print("\(name) — \(summary)")
            for parameter in registry.parameters(of: name) {
                print("    \(parameter.name): \(parameter.type) = \(parameter.defaultValue)  \(parameter.help)")
            }
        }
    }
}
#endif
