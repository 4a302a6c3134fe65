// Only WITHOUT the package trait `CLI` (Package.swift); with it, TextEffectsCLI.swift declares the
// real type. Not an `#error`: this module is built by every `swift build` of texteffects itself,
// `--disable-default-traits` included, so the error is put where a user meets it instead — the
// line of their own program that names `TextEffectsCLI`.
#if !CLI
import TextEffects

/// The command line, absent: texteffects was built with its `CLI` trait off.
///
/// A package with a command line of its own depends on texteffects with the trait on —
/// `.package(url: …, from: …, traits: ["CLI"])`, or without `traits:` for the defaults (the CLI
/// with its `preview`) — and then gets the real `TextEffectsCLI`. Naming this one is a compile
/// error whose message says so.
@available(*, unavailable, message: "texteffects was built with its CLI trait off: depend on it with traits: [\"CLI\"], or without traits: for the defaults")
public enum TextEffectsCLI {
    /// The command line's entry point; unavailable without the `CLI` trait.
    public static func main(effects: [any SceneEffect.Type] = []) -> Never {
        fatalError("unreachable: TextEffectsCLI is unavailable without the CLI trait")
    }
}
#endif
