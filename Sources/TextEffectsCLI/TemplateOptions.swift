// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// `--set name=value`, repeated: values for a template scene's `parameters`.
struct TemplateOptions: ParsableArguments {
    /// One `name=value` pair.
    struct Assignment: ExpressibleByArgument {
        var name: String
        var value: String

        init?(argument: String) {
            // Split on the first "=" scalar, not Character: "=" followed by a combining mark,
            // ZWJ or variation selector is one Character that is not equal to "=".
            let scalars = argument.unicodeScalars
            guard let equals = scalars.firstIndex(of: "="), equals != scalars.startIndex else { return nil }
            name = String(scalars[..<equals])
            value = String(scalars[scalars.index(after: equals)...])
        }
    }

    @Option(name: .customLong("set"), help: ArgumentHelp("A value for a template scene's parameter (repeat for each); it fills every {{name}} in the scene, always as text.", valueName: "name=value"))
    var assignments: [Assignment] = []

    func validate() throws {
        var seen: Set<String> = []
        for assignment in assignments where !seen.insert(assignment.name).inserted {
            throw ValidationError("--set \(assignment.name) is given more than once")
        }
    }

    /// The values by name, as text (each parameter's type reads it).
    var values: [String: JSONValue] {
        Dictionary(assignments.map { ($0.name, JSONValue.string($0.value)) }, uniquingKeysWith: { first, _ in first })
    }
}
#endif
