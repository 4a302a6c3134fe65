import Foundation
import Testing
import TextEffectsCLI

/// Install and dependency levels (issue 35, items 4 and 5), as far as they can be checked inside
/// `swift test`. The install itself (make install, make dist, the binary run with the toolchain
/// hidden) is scripts/install-check.sh (`make install-check`): it builds, which SwiftPM cannot do
/// while it runs these tests.
@Suite("install: runtime packages, Dockerfile, dependency levels")
struct InstallTests {
    static let script = CLI.repoRoot.appendingPathComponent("scripts/install-deps.sh")

    /// `scripts/install-deps.sh --list LEVEL`.
    static func packages(_ level: String) throws -> [String] {
        let result = try CLI.runExecutable(script, ["--list", level], in: CLI.repoRoot)
        try #require(result.status == 0, "\(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// The packages the Dockerfile's last stage installs with apt-get.
    static func dockerRuntimePackages() throws -> [String] {
        let text = try String(contentsOf: CLI.repoRoot.appendingPathComponent("Dockerfile"), encoding: .utf8)
        // Instructions with their continuation lines joined; the last FROM starts the runtime stage.
        let joined = text.replacingOccurrences(of: "\\\n", with: " ")
        let instructions = joined.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
        let stage = try #require(instructions.lastIndex { $0.hasPrefix("FROM ") })
        #expect(instructions[stage].hasPrefix("FROM debian:bookworm-slim"), "\(instructions[stage])")
        let install = try #require(instructions[stage...].first { $0.hasPrefix("RUN ") && $0.contains("apt-get install") })
        let words = install.split(separator: " ").map(String.init)
        let start = try #require(words.firstIndex(of: "--no-install-recommends"))
        return Array(words[(start + 1)...].prefix { $0 != "&&" })
    }

    @Test("the Dockerfile's runtime stage installs exactly scripts/install-deps.sh run's packages; its build stage the official Swift image")
    func dockerfileRuntimePackages() throws {
        let docker = try Self.dockerRuntimePackages()
        let run = try Self.packages("run")
        #expect(docker == run, "Dockerfile: \(docker)\ninstall-deps.sh run: \(run)")
        let text = try String(contentsOf: CLI.repoRoot.appendingPathComponent("Dockerfile"), encoding: .utf8)
        #expect(text.contains("FROM swift:6.") && text.contains("-bookworm AS build"))
        #expect(text.contains("make install DESTDIR=/stage PREFIX=/usr/local") && text.contains("COPY --from=build /stage/usr/local/ /usr/local/"))
    }

    @Test("the levels nest: run ⊂ build ⊂ test; the test level alone has Slurm, Chromium, Selenium and the venv")
    func levelsNest() throws {
        let run = try Self.packages("run"), build = try Self.packages("build"), test = try Self.packages("test")
        #expect(Set(run).isStrictSubset(of: Set(build)) && Set(build).isStrictSubset(of: Set(test)))
        for package in ["slurm-wlm", "munge", "chromium", "chromium-driver", "python3-selenium", "python3-venv", "pango1.0-tools"] {
            #expect(test.contains(package) && !build.contains(package), "\(package)")
        }
        for package in ["libcairo2-dev", "pkg-config"] { #expect(build.contains(package) && !run.contains(package), "\(package)") }
        #expect(run.allSatisfy { !$0.hasSuffix("-dev") }, "\(run)")
        let bad = try CLI.runExecutable(Self.script, ["everything"], in: CLI.repoRoot)
        #expect(bad.status == 2 && bad.stderr.contains("usage"), "\(bad)")
    }

    @Test("every shared library the built binary loads, but the toolchain's Swift runtime, is in a run-level package")
    func lddAgainstTheRunList() throws {
        let run = Set(try Self.packages("run"))
        let result = try CLI.runExecutable(CLI.repoRoot.appendingPathComponent("scripts/runtime-packages.sh"), [CLI.binary.path], in: CLI.repoRoot)
        let linked = result.stdout.split(separator: "\n").map(String.init)
        #expect(linked.contains("libcairo2") && linked.contains("libpango-1.0-0") && linked.contains("libc6"), "\(result)")
        #expect(Set(linked).subtracting(run).isEmpty, "not in install-deps.sh run: \(Set(linked).subtracting(run))")
        // The debug build links the toolchain's runtime; make install's does not (install-check.sh).
        for line in result.stderrLines {
            #expect(line.hasPrefix("unpackaged: ") && (line.contains("/libswift") || line.contains("Foundation") || line.contains("libdispatch") || line.contains("libBlocksRuntime")),
                    "\(line)")
        }
    }

    @Test("make's targets ask for the level they need: build tools for build/release/demo/install/dist, everything for test",
          arguments: [("build", "build"), ("release", "build"), ("demo", "build"), ("install", "build"), ("dist", "build"),
                      ("docs", "build"), ("test", "test"), ("install-check", "test"), ("deps-run", "run")])
    func makeLevels(target: String, level: String) throws {
        let make = try #require(["/usr/bin/make", "/bin/make"].first { FileManager.default.isExecutableFile(atPath: $0) })
        let result = try CLI.runExecutable(URL(fileURLWithPath: make), ["-n", "--no-print-directory", target], in: CLI.repoRoot)
        #expect(result.status == 0, "\(result)")
        let levels = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "scripts/install-deps.sh ") else { return nil }
            return line[range.upperBound...].split(separator: " ").first.map(String.init)
        }
        #expect(levels == [level], "make \(target): \(result.stdout)")
    }

    @Test("with everything installed, install-deps.sh build is one quiet line and runs neither apt-get nor pip nor a venv")
    func buildLevelStaysOffline() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        // Stand-ins that record being called, ahead of the real ones on PATH.
        let calls = dir.url.appendingPathComponent("calls")
        for tool in ["apt-get", "pip", "pip3", "python3", "sudo", "curl", "wget"] {
            let file = try dir.write("bin/\(tool)", "#!/bin/sh\necho \(tool) \"$@\" >> \(calls.path)\nexit 1\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }
        let path = dir.url.appendingPathComponent("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for level in ["run", "build"] {
            let result = try CLI.runExecutable(Self.script, [level], in: CLI.repoRoot, environment: ["PATH": path])
            #expect(result.status == 0 && result.stderr.isEmpty && result.stdout.split(separator: "\n").count == 1, "\(level): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: calls.path),
                "called: \((try? String(contentsOf: calls, encoding: .utf8)) ?? "")")
    }

    @Test("the Kubernetes Jobs run the image the Dockerfile builds, tagged with this version, and report JSON progress")
    func kubernetesImage() throws {
        let folder = CLI.repoRoot.appendingPathComponent("deploy/kubernetes")
        for name in ["render-job.yaml", "join-job.yaml", "batch-job.yaml"] {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            let images = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("image:") }
            #expect(images.count == 1 && images[0].hasSuffix("/texteffects:\(TextEffectsCLI.version)"), "\(name): \(images)")
            if name != "join-job.yaml" { #expect(text.contains("- --progress\n            - json\n"), "\(name)") }
        }
        let readme = try String(contentsOf: CLI.repoRoot.appendingPathComponent("deploy/README.md"), encoding: .utf8)
        #expect(readme.contains("docker build -t registry.example.com/texteffects:\(TextEffectsCLI.version) ."), "deploy/README.md")
    }

    /// Expects `bash -n` to accept each script (paths from the repository's root).
    static func expectBashParses(_ scripts: [String]) throws {
        for script in scripts {
            let result = try CLI.runExecutable(URL(fileURLWithPath: "/bin/bash"), ["-n", script], in: CLI.repoRoot)
            #expect(result.status == 0, "\(script): \(result)")
        }
    }

    @Test("the container scripts parse, and the scenes container-check.sh renders and serves exist")
    func containerCheckScenes() throws {
        try Self.expectBashParses(["scripts/container-check.sh", "scripts/container-stand-ins.sh", "scripts/container-engine.sh"])
        let text = try String(contentsOf: CLI.repoRoot.appendingPathComponent("scripts/container-check.sh"), encoding: .utf8)
        let scenes = Set(text.matches(of: /Scenes\/[a-z0-9-]+\.json/).map { String($0.output) })
        #expect(scenes.count >= 5, "\(scenes)")
        for scene in scenes {
            #expect(FileManager.default.fileExists(atPath: CLI.repoRoot.appendingPathComponent(scene).path), "\(scene)")
        }
        // The served card is a template whose `title` parameter the check sets.
        let card = try JSONSerialization.jsonObject(with: Data(contentsOf: CLI.repoRoot.appendingPathComponent("Scenes/product-card.json"))) as? [String: Any]
        #expect((card?["parameters"] as? [String: Any])?["title"] != nil)
        #expect(text.contains("/product-card.png?title="))
    }

    /// The race check runs suites by name: one renamed or gone would drop out of it silently.
    @Test("make fuzz's scripts parse, and every suite the race check names is a suite of the tests")
    func raceCheckSuites() throws {
        try Self.expectBashParses(["Fuzz/run.sh", "Fuzz/leaks.sh", "Fuzz/races.sh"])
        let script = try String(contentsOf: CLI.repoRoot.appendingPathComponent("Fuzz/races.sh"), encoding: .utf8)
        let line = try #require(script.split(separator: "\n").first { $0.hasPrefix("SUITES=") })
        let named = line.dropFirst("SUITES=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(separator: "|").map(String.init)
        #expect(named.contains("ConcurrentOutputTests") && named.count >= 5, "\(named)")
        let tests = CLI.repoRoot.appendingPathComponent("Tests")
        var declared: Set<String> = []
        for case let url as URL in FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)! where url.pathExtension == "swift" && !url.path.contains("/.build") {
            let source = try String(contentsOf: url, encoding: .utf8)
            declared.formUnion(source.matches(of: /@Suite[^\n]*\s*(?:final\s+)?(?:struct|class)\s+(\w+)/).map { String($0.output.1) })
        }
        #expect(Set(named).subtracting(declared).isEmpty, "not a suite: \(Set(named).subtracting(declared).sorted())")
    }
}
