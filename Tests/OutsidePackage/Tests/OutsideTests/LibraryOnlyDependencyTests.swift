import Foundation
import Testing

/// A package that depends on texteffects with `traits: ["CLI"]`, as this one does, never fetches the
/// preview's server stack: SwiftPM resolved none of it for this package's build. (One with
/// `traits: []` resolves nothing at all: scripts/outside-package.sh checks it.)
@Suite struct LibraryOnlyDependencyTests {
    @Test func theServerStackIsNeitherResolvedNorCloned() throws {
        let checkouts = Outside.repository.appendingPathComponent("Tests/OutsidePackage/.build/checkouts")
        let cloned = try FileManager.default.contentsOfDirectory(atPath: checkouts.path)
        #expect(cloned.contains("swift-argument-parser"), "the checkouts folder is where SwiftPM put this build's packages")
        for package in ["hummingbird", "swift-nio", "swift-crypto", "async-http-client"] {
            #expect(!cloned.contains(package), "\(package) was cloned for a library user")
        }
        let resolved = try String(contentsOf: Outside.repository.appendingPathComponent("Tests/OutsidePackage/Package.resolved"), encoding: .utf8)
        #expect(!resolved.contains("hummingbird"))
    }

    @Test func theCommandLineHasEverySubcommandButPreview() throws {
        let run = try Outside.run("rainbow-texteffects", ["--help"])
        #expect(run.status == 0)
        for subcommand in ["render", "validate", "measure", "effects", "schema", "captions", "batch", "join"] {
            #expect(run.output.contains("  \(subcommand) "), "\(subcommand) is listed")
        }
        #expect(!run.output.contains("  preview "), "preview needs the Preview trait")
    }
}
