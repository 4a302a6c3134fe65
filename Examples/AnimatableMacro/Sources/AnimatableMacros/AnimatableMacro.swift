import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Animatable`: `animatableData` from the type's stored `var`s, in the order declared, as
/// `AnimatablePair<A, AnimatablePair<B, C>>` (one property: its own type; none:
/// `EmptyAnimatableData`), skipping `@AnimatableIgnored` ones, `let`s, statics and computed
/// properties; and the `Animatable` conformance. Each property needs a written type (a macro
/// sees syntax, not inferred types) that is `VectorArithmetic`, as SwiftUI's macro requires.
public struct AnimatableMacro: MemberMacro, ExtensionMacro {
    struct Property { let name: String; let type: String }

    static func properties(of declaration: some DeclGroupSyntax) -> [Property] {
        declaration.memberBlock.members.compactMap { member -> [Property]? in
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                  variable.bindingSpecifier.tokenKind == .keyword(.var),
                  !variable.modifiers.contains(where: { [.keyword(.static), .keyword(.class), .keyword(.lazy)].contains($0.name.tokenKind) }),
                  !variable.attributes.contains(where: {
                      $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "AnimatableIgnored"
                  })
            else { return nil }
            return variable.bindings.compactMap { binding in
                guard binding.accessorBlock == nil || isObserver(binding.accessorBlock!),
                      let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                      let type = binding.typeAnnotation?.type.trimmedDescription
                else { return nil }
                return Property(name: name, type: type)
            }
        }.flatMap { $0 }
    }

    static func isObserver(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }

    /// `AnimatablePair<A, AnimatablePair<B, C>>`.
    static func pairType(_ types: [String]) -> String {
        switch types.count {
        case 0: "EmptyAnimatableData"
        case 1: types[0]
        default: "AnimatablePair<\(types[0]), \(pairType(Array(types.dropFirst())))>"
        }
    }

    /// Where the `index`th of `count` properties sits in the pairs: `.second.first`…
    static func path(_ index: Int, of count: Int) -> String {
        if count == 1 { return "" }
        let seconds = String(repeating: ".second", count: index)
        return index == count - 1 ? seconds : seconds + ".first"
    }

    /// The pairs' value from the properties.
    static func value(_ names: [String]) -> String {
        switch names.count {
        case 0: "EmptyAnimatableData()"
        case 1: names[0]
        default: "AnimatablePair(\(names[0]), \(value(Array(names.dropFirst()))))"
        }
    }

    public static func expansion(of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
                                 conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        let properties = properties(of: declaration)
        let setters = properties.enumerated().map { "\($1.name) = newValue\(path($0, of: properties.count))" }
        let access = declaration.modifiers.contains { $0.name.tokenKind == .keyword(.public) } ? "public " : ""
        return ["""
        \(raw: access)var animatableData: \(raw: pairType(properties.map(\.type))) {
            get { \(raw: value(properties.map { "self." + $0.name })) }
            set { \(raw: setters.isEmpty ? "_ = newValue" : setters.map { "self." + $0 }.joined(separator: "; ")) }
        }
        """]
    }

    public static func expansion(of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
                                 providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
                                 in context: some MacroExpansionContext) throws -> [ExtensionDeclSyntax] {
        guard !protocols.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): Animatable {}")]
    }
}

/// `@AnimatableIgnored`: a marker `@Animatable` reads; expands to nothing.
public struct AnimatableIgnoredMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] { [] }
}

@main
struct AnimatablePlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [AnimatableMacro.self, AnimatableIgnoredMacro.self]
}
