import Foundation

/// A loopback client's failure, in words.
struct LoopbackError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
