/// Why symbol names cannot be drawn: the icon catalog is missing or empty.
package enum SymbolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `path`, the catalog of the `package` that symbols need, is not there.
    case packageMissing(package: String, path: String)
    /// The catalog at `path` names no icon.
    case noIcons(path: String)

    /// What is wrong and what to install, in one sentence.
    public var message: String {
        switch self {
        case .packageMissing(let package, let path): "symbols need the \(package) package (no \(path); run scripts/install-deps.sh)"
        case .noIcons(let path): "\(path) lists no icons"
        }
    }

    public var description: String { message }
}
