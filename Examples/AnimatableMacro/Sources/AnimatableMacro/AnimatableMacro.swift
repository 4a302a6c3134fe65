@_exported import RenderPipeline

/// Makes a type `Animatable`: its `animatableData` is every stored `var` (with a written
/// `VectorArithmetic` type) in the order declared, nested in `AnimatablePair`s; mark a property
/// `@AnimatableIgnored` to leave it out. As SwiftUI's `@Animatable` (iOS 26).
@attached(member, names: named(animatableData))
@attached(extension, conformances: Animatable)
public macro Animatable() = #externalMacro(module: "AnimatableMacros", type: "AnimatableMacro")

/// Leaves a stored property out of `@Animatable`'s `animatableData`.
@attached(peer)
public macro AnimatableIgnored() = #externalMacro(module: "AnimatableMacros", type: "AnimatableIgnoredMacro")
