import Foundation

extension JSONValue {
    /// A decoding failure in words a scene author can act on: which field, and what was wrong.
    package static func describe(_ error: Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "" : keys.joined(separator: ".") + ": "
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context))expected \(type)"
        case .valueNotFound(let type, let context):
            return "\(path(context))expected \(type), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context))\(key.stringValue) is required"
        case .dataCorrupted(let context):
            return "\(path(context))\(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
