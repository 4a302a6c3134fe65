import Foundation

extension JSONValue {
    /// Parses JSON text.
    ///
    /// Foundation's `JSONSerialization` parses, then the tree is converted once: decoding through
    /// `Decodable` would have to try each JSON type in turn and throw on every miss, which made
    /// reading a 10,000-block scene five times slower. Throws a ``JSONSyntaxError`` with the line
    /// and column; nesting deeper than Foundation's 512 levels is such an error too.
    public init(parsing data: Data) throws {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) } catch {
            throw JSONSyntaxError(error, in: data)
        }
        self = Self.converting(object)
    }

    private static func converting(_ value: Any) -> JSONValue {
        switch value {
        case let string as String:
            return .string(string)
        case let number as NSNumber:
            // JSON true/false come back as boolean NSNumbers, whose type code is "c".
            return number.objCType.pointee == 0x63 ? .bool(number.boolValue) : .number(number.doubleValue)
        case let array as [Any]:
            return .array(array.map(converting))
        case let object as [String: Any]:
            return .object(object.mapValues(converting))
        default:
            return .null
        }
    }
}
