/// Why a text could not be laid out.
package enum LayoutError: Error, Equatable, CustomStringConvertible {
    case fontConfiguration(String)

    public var description: String {
        switch self {
        case .fontConfiguration(let message): "fonts: \(message)"
        }
    }
}
