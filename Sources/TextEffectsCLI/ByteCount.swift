// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser

/// A size in bytes on the command line: `1048576`, `512K`, `64M`, `1G` (powers of 1,024).
struct ByteCount: ExpressibleByArgument, Sendable {
    var bytes: Int

    init(bytes: Int) {
        self.bytes = bytes
    }

    init?(argument: String) {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = Substring(argument.uppercased())
        if digits.hasSuffix("B") { digits = digits.dropLast() }
        var unit = 1
        if let last = digits.last, let multiple = units[last] {
            unit = multiple
            digits = digits.dropLast()
        }
        guard let count = Int(digits), count >= 0 else { return nil }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow else { return nil }
        self.bytes = bytes
    }

    var defaultValueDescription: String {
        for (suffix, unit) in [("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)] where bytes >= unit && bytes % unit == 0 {
            return "\(bytes / unit)\(suffix)"
        }
        return String(bytes)
    }
}
#endif
