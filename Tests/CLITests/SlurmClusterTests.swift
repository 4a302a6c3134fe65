import Foundation
import Testing

/// deploy/slurm/ for real: a one-node Slurm cluster on loopback (scripts/slurm-test-cluster.sh,
/// Debian's slurm-wlm and munge, everything in a temporary folder), the submit script's job
/// arrays and join job, and their outputs checked against a single-process run. A cluster that
/// cannot start (not root, no apt, a daemon that dies) fails the test with the reason and the
/// daemons' logs; it is never skipped.
@Suite("Slurm cluster", .serialized)
struct SlurmClusterTests {
    /// An animated scene of the repository: 45 frames of 720×560 pixels that scroll and slide,
    /// so parts joined out of order would not pass for the single render (a looping scene could).
    static let scene = CLI.repoRoot.appendingPathComponent("Scenes/links-wrapping.json")
    static let template = CLI.repoRoot.appendingPathComponent("Scenes/product-card.json")

    @Test("a PNG render sharded 3 ways on Slurm writes the single render's frames, byte for byte")
    func shardedFrames() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let cluster = try SlurmCluster.start()
        defer { cluster.stop() }

        let single = try CLI.run(["render", Self.scene.path, "--out", "single", "--quiet"], in: dir.url, timeout: 300)
        try #require(single.status == 0, "\(single)")
        let run = dir.url.appendingPathComponent("run")
        let jobs = try cluster.submit(["SCENE": Self.scene.path, "FORMAT": "png", "SHARDS": "3", "OUT": run.path], in: dir.url)
        let render = try #require(jobs["RENDER_JOB"], "submit.sh printed no RENDER_JOB: \(jobs)")
        #expect(jobs["JOIN_JOB"] == nil, "PNG frames need no join")
        try cluster.wait(for: [render], logs: run.appendingPathComponent("logs"))

        let expected = try Self.files(dir.url.appendingPathComponent("single"))
        let sharded = try Self.files(run.appendingPathComponent("frames"))
        #expect(expected.count == 45)
        #expect(sharded.keys.sorted() == expected.keys.sorted())
        #expect(sharded == expected, "the sharded frames differ from the single render's")
        // Three array tasks, each with its own part of the frames.
        let logs = TemporaryDirectory.list(run.appendingPathComponent("logs"))
        #expect(logs == (1...3).map { "texteffects-render-\(render)_\($0).out" }, "\(logs)")
    }

    @Test("an mp4 render sharded 3 ways on Slurm, joined by the dependent job, has the single render's frames")
    func shardedVideo() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let cluster = try SlurmCluster.start()
        defer { cluster.stop() }

        let single = try CLI.run(["render", Self.scene.path, "--format", "mp4", "--out", "single.mp4", "--quiet"], in: dir.url, timeout: 300)
        try #require(single.status == 0, "\(single)")
        let run = dir.url.appendingPathComponent("run")
        let video = run.appendingPathComponent("links-wrapping.mp4")
        let jobs = try cluster.submit(["SCENE": Self.scene.path, "FORMAT": "mp4", "SHARDS": "3", "OUT": run.path], in: dir.url)
        let render = try #require(jobs["RENDER_JOB"], "submit.sh printed no RENDER_JOB: \(jobs)")
        let join = try #require(jobs["JOIN_JOB"], "submit.sh printed no JOIN_JOB: \(jobs)")
        try cluster.wait(for: [render, join], logs: run.appendingPathComponent("logs"))

        let parts = TemporaryDirectory.list(run.appendingPathComponent("parts/\(render)"))
        #expect(parts == ["part-1.mp4", "part-2.mp4", "part-3.mp4"])
        let expected = try Video.frames(of: dir.url.appendingPathComponent("single.mp4"), in: dir)
        let joined = try Video.frames(of: video, in: dir)
        #expect(expected.frames.count == 45)
        #expect(joined.frames.count == expected.frames.count, "the joined video has \(joined.frames.count) frames, the single render \(expected.frames.count)")
        #expect(joined.width == expected.width && joined.height == expected.height)
        // Encoded apart (each part starts with a key frame), the frames differ by the encoder's
        // noise: near 40 dB from the same frame, under 30 dB from a frame a shard away.
        for (index, (a, b)) in zip(expected.frames, joined.frames).enumerated() {
            let psnr = Video.psnr(a, b)
            #expect(psnr >= 35, "frame \(index): \(String(format: "%.1f", psnr)) dB from the single render's")
        }
    }

    @Test("a batch of 6 rows sharded 2 ways on Slurm writes the single batch's images, byte for byte")
    func shardedBatch() throws {
        let dir = try TemporaryDirectory()
        defer { dir.remove() }
        let cluster = try SlurmCluster.start()
        defer { cluster.stop() }

        let data = try dir.write("products.csv", """
            brand,title,blurb,price,was,accent
            LUMEN & CO,Arc Desk Lamp,Free delivery,89,119,#E4572E
            NORD,"Wool Throw, Large",Made in Norway,129.5,160,#2E86AB
            KAFFE,Pour-over Kettle,Gooseneck spout · 1 l,54,69,#3B8B5A
            PAPIRA,Linen Notebook A5,192 dotted pages,18.9,24,#8E5572
            OKU,Oak Serving Board,Oiled by hand,42,55,#C9A227
            STILL,Ceramic Vase,"Glazed, 24 cm",36,48,#1B1F2A
            """)
        let single = try CLI.run(["batch", Self.template.path, data.path, "--out", "single", "--quiet"], in: dir.url, timeout: 300)
        try #require(single.status == 0, "\(single)")
        let run = dir.url.appendingPathComponent("run")
        let batchOut = run.appendingPathComponent("cards")
        let jobs = try cluster.submit(["TEMPLATE": Self.template.path, "DATA": data.path, "BATCH_SHARDS": "2",
                                       "OUT": run.path, "BATCH_OUT": batchOut.path], in: dir.url, what: "batch")
        let batch = try #require(jobs["BATCH_JOB"], "submit.sh printed no BATCH_JOB: \(jobs)")
        #expect(jobs["RENDER_JOB"] == nil)
        try cluster.wait(for: [batch], logs: run.appendingPathComponent("logs"))

        let expected = try Self.files(dir.url.appendingPathComponent("single")).filter { $0.key.hasSuffix(".png") }
        let sharded = try Self.files(batchOut).filter { $0.key.hasSuffix(".png") }
        #expect(expected.count == 6, "\(expected.keys.sorted())")
        #expect(sharded.keys.sorted() == expected.keys.sorted())
        #expect(sharded == expected, "the sharded batch's images differ from the single batch's")
        // Each shard keeps its own manifest, so shards on shared storage never write one file.
        for shard in ["manifest-1-of-2.jsonl", "manifest-2-of-2.jsonl"] {
            let lines = (try? String(contentsOf: batchOut.appendingPathComponent(shard), encoding: .utf8))?.split(separator: "\n") ?? []
            #expect(lines.count == 3 && lines.allSatisfy { $0.contains(#""status":"rendered""#) }, "\(shard): \(lines)")
        }
    }

    @Test("a cluster that does not come up in time fails with the reason and the daemons' logs, and leaves nothing running")
    func clusterThatDoesNotStart() throws {
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("texteffects-slurm-\(UUID().uuidString.prefix(8))")
        defer { SlurmCluster(folder: folder).stop() }
        let result = try CLI.runExecutable(SlurmCluster.bash, [SlurmCluster.script.path, "start", folder.path], in: CLI.repoRoot,
                                           environment: ["SLURM_TEST_CLUSTER_TIMEOUT": "0"], timeout: 600)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("the cluster did not come up"), "\(result)")
        #expect(result.stderr.contains("/log/munged.log (last 25 lines)"), "\(result)")
        for daemon in ["munged", "slurmctld", "slurmd"] {
            let pidFile = folder.appendingPathComponent("run/\(daemon).pid")
            guard let text = try? String(contentsOf: pidFile, encoding: .utf8), let pid = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { continue }
            // Gone, or a zombie that init has not reaped yet.
            let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            let state = stat.split(separator: ")").last?.split(separator: " ").first
            #expect(stat.isEmpty || state == "Z", "\(daemon) (pid \(pid)) still runs: \(stat)")
        }
    }

    /// Every file directly in `folder`, by name.
    static func files(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            result[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return result
    }
}

/// The Kubernetes manifests in deploy/kubernetes/ (no cluster here: their YAML is read by
/// PyYAML and the fields that make the shards line up are checked), and the Slurm scripts'
/// syntax.
@Suite("deploy manifests")
struct DeployManifestTests {
    static let kubernetes = CLI.repoRoot.appendingPathComponent("deploy/kubernetes")

    /// Each file's YAML documents as JSON objects, read by Debian's python3-yaml.
    static func documents(_ names: [String]) throws -> [String: [[String: Any]]] {
        let python = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let interpreter = try #require(python, "python3 is missing: install python3-yaml (scripts/install-deps.sh does)")
        let program = "import json, sys, yaml\njson.dump({f: list(yaml.safe_load_all(open(f))) for f in sys.argv[1:]}, sys.stdout)"
        let result = try CLI.runExecutable(URL(fileURLWithPath: interpreter), ["-c", program] + names, in: kubernetes)
        try #require(result.status == 0, "reading the manifests with PyYAML failed (scripts/install-deps.sh installs python3-yaml):\n\(result)")
        let object = try JSONSerialization.jsonObject(with: result.stdoutData)
        let files = try #require(object as? [String: [Any]])
        return files.mapValues { $0.compactMap { $0 as? [String: Any] } }
    }

    /// `spec.template.spec.containers[0]` of a Job.
    static func container(_ job: [String: Any]) -> [String: Any] {
        let spec = job["spec"] as? [String: Any], template = spec?["template"] as? [String: Any]
        let pod = template?["spec"] as? [String: Any]
        return (pod?["containers"] as? [[String: Any]])?.first ?? [:]
    }

    static func claims(_ job: [String: Any]) -> [String] {
        let spec = job["spec"] as? [String: Any], template = spec?["template"] as? [String: Any]
        let volumes = (template?["spec"] as? [String: Any])?["volumes"] as? [[String: Any]] ?? []
        return volumes.compactMap { ($0["persistentVolumeClaim"] as? [String: Any])?["claimName"] as? String }
    }

    @Test("the Indexed Jobs pass --shard auto and --shards equal to their completions; the join Job joins as many")
    func kubernetesManifests() throws {
        let files = try Self.documents(["volume.yaml", "render-job.yaml", "join-job.yaml", "batch-job.yaml"])
        let volume = try #require(files["volume.yaml"]?.first)
        #expect(volume["kind"] as? String == "PersistentVolumeClaim")
        let claim = try #require((volume["metadata"] as? [String: Any])?["name"] as? String)
        #expect((volume["spec"] as? [String: Any])?["accessModes"] as? [String] == ["ReadWriteMany"])

        var renderCompletions: Int?
        for name in ["render-job.yaml", "batch-job.yaml"] {
            let job = try #require(files[name]?.first, "\(name) has no document")
            #expect(job["kind"] as? String == "Job" && job["apiVersion"] as? String == "batch/v1", "\(name)")
            let spec = try #require(job["spec"] as? [String: Any])
            #expect(spec["completionMode"] as? String == "Indexed", "\(name): completionMode")
            let completions = try #require(spec["completions"] as? Int, "\(name): completions")
            if let parallelism = spec["parallelism"] as? Int { #expect((1...completions).contains(parallelism), "\(name): parallelism") }
            let container = Self.container(job)
            let command = ((container["command"] as? [String]) ?? []) + ((container["args"] as? [String]) ?? [])
            #expect(command.first == "texteffects", "\(name): \(command)")
            let shard = command.firstIndex(of: "--shard"), shards = command.firstIndex(of: "--shards")
            #expect(shard.map { command.indices.contains($0 + 1) && command[$0 + 1] == "auto" } == true, "\(name): --shard auto in \(command)")
            #expect(shards.map { command.indices.contains($0 + 1) ? Int(command[$0 + 1]) : nil } == completions,
                    "\(name): --shards must equal completions (\(completions)) in \(command)")
            #expect(Self.claims(job) == [claim], "\(name) mounts \(Self.claims(job)), not the claim \(claim)")
            let pod = ((spec["template"] as? [String: Any])?["spec"] as? [String: Any])
            #expect(pod?["restartPolicy"] as? String == "Never", "\(name): restartPolicy")
            if name == "render-job.yaml" {
                renderCompletions = completions
                #expect(command.contains(where: { $0.contains("$(JOB_COMPLETION_INDEX)") }), "each index writes its own part: \(command)")
            }
        }

        let join = try #require(files["join-job.yaml"]?.first)
        #expect((join["spec"] as? [String: Any])?["completionMode"] == nil)
        let environment = (Self.container(join)["env"] as? [[String: Any]]) ?? []
        let shards = environment.first { $0["name"] as? String == "SHARDS" }?["value"] as? String
        #expect(shards.flatMap(Int.init) == renderCompletions, "join-job.yaml's SHARDS (\(shards ?? "none")) must be the render's completions")
        let script = ((Self.container(join)["args"] as? [String]) ?? []).joined()
        #expect(script.contains("texteffects join"), "\(script)")
        #expect(Self.claims(join) == [claim])
    }

    @Test("the Slurm scripts parse", arguments: ["deploy/slurm/render.sbatch", "deploy/slurm/join.sbatch",
                                                 "deploy/slurm/batch.sbatch", "deploy/slurm/submit.sh",
                                                 "scripts/slurm-test-cluster.sh"])
    func slurmScriptsParse(_ script: String) throws {
        let file = CLI.repoRoot.appendingPathComponent(script)
        #expect(FileManager.default.isExecutableFile(atPath: file.path), "\(script) is not executable")
        let result = try CLI.runExecutable(URL(fileURLWithPath: "/bin/bash"), ["-n", file.path], in: CLI.repoRoot)
        #expect(result.status == 0, "\(result)")
    }
}

/// A one-node Slurm cluster of scripts/slurm-test-cluster.sh, in a folder of its own.
struct SlurmCluster {
    static let script = CLI.repoRoot.appendingPathComponent("scripts/slurm-test-cluster.sh")
    static let submitScript = CLI.repoRoot.appendingPathComponent("deploy/slurm/submit.sh")
    static let bash = URL(fileURLWithPath: "/bin/bash")

    let folder: URL

    /// Slurm's commands find the cluster through SLURM_CONF; the jobs inherit it from sbatch.
    var environment: [String: String] {
        ["SLURM_CONF": folder.appendingPathComponent("slurm.conf").path, "TEXTEFFECTS": CLI.binary.path]
    }

    /// Starts a cluster, installing slurm-wlm and munge first when they are missing; fails the
    /// test with the script's reason and the daemons' logs when it cannot.
    static func start() throws -> SlurmCluster {
        // Short: the MUNGE socket's path must fit a socket address (108 bytes).
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("texteffects-slurm-\(UUID().uuidString.prefix(8))")
        let cluster = SlurmCluster(folder: folder)
        let result = try CLI.runExecutable(bash, [script.path, "start", folder.path], in: CLI.repoRoot, timeout: 600)
        if result.status != 0 {
            cluster.stop()
            throw Failure(description: "the Slurm test cluster did not start (scripts/slurm-test-cluster.sh start \(folder.path)):\n\(result)")
        }
        return cluster
    }

    /// Why the cluster, a submission or a job failed, with the outputs and logs that tell more.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Cancels what still runs, stops the daemons and removes the folder.
    func stop() {
        let result = try? CLI.runExecutable(Self.bash, [Self.script.path, "stop", folder.path], in: CLI.repoRoot, timeout: 60)
        if let result, result.status != 0 { Issue.record("stopping the Slurm test cluster failed:\n\(result)") }
    }

    /// Runs deploy/slurm/submit.sh with `variables` and returns what it printed (RENDER_JOB=…).
    func submit(_ variables: [String: String], in directory: URL, what: String? = nil) throws -> [String: String] {
        let result = try CLI.runExecutable(Self.bash, [Self.submitScript.path] + (what.map { [$0] } ?? []), in: directory,
                                           environment: environment.merging(variables) { _, new in new }, timeout: 60)
        if result.status != 0 {
            throw Failure(description: "deploy/slurm/submit.sh failed:\n\(result)\n\(logs())")
        }
        var jobs: [String: String] = [:]
        for line in result.stdout.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { jobs[parts[0]] = parts[1] }
        }
        return jobs
    }

    /// Waits until the jobs (every task of an array) have ended; fails the test with their
    /// states, their outputs in `logs` and the daemons' logs unless every one COMPLETED. The jobs
    /// take seconds on an idle machine; the limit is for one busy with the rest of the tests.
    func wait(for jobs: [String], logs folder: URL, seconds: Int = 300) throws {
        let result = try CLI.runExecutable(Self.bash, [Self.script.path, "wait", self.folder.path, "\(seconds)"] + jobs,
                                           in: CLI.repoRoot, timeout: TimeInterval(seconds + 30))
        guard result.status != 0 else { return }
        var outputs = ""
        for name in TemporaryDirectory.list(folder) {
            let text = (try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)) ?? "(unreadable)"
            outputs += "--- \(name) ---\n\(text)\n"
        }
        throw Failure(description: "Slurm jobs \(jobs.joined(separator: ", ")) did not all complete:\n\(result)\n\(outputs)\(logs())")
    }

    /// The tail of each daemon's log.
    func logs() -> String {
        let result = try? CLI.runExecutable(Self.bash, [Self.script.path, "logs", folder.path], in: CLI.repoRoot, timeout: 30)
        return result?.stderr ?? ""
    }
}

/// A video decoded by ffmpeg into RGB frames.
enum Video {
    struct Frames {
        var width: Int
        var height: Int
        var frames: [Data]
    }

    static func tool(_ name: String) throws -> URL {
        let path = try #require(["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "\(name) is missing: install ffmpeg (scripts/install-deps.sh does)")
        return URL(fileURLWithPath: path)
    }

    static func frames(of video: URL, in dir: TemporaryDirectory) throws -> Frames {
        let probe = try CLI.runExecutable(tool("ffprobe"), ["-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                                                            "-of", "csv=p=0", video.path], in: dir.url)
        let size = probe.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").compactMap { Int($0) }
        try #require(probe.status == 0 && size.count == 2, "ffprobe \(video.lastPathComponent): \(probe)")
        let raw = dir.url.appendingPathComponent("\(video.lastPathComponent)-\(UUID().uuidString).rgb")
        let decode = try CLI.runExecutable(tool("ffmpeg"), ["-v", "error", "-y", "-i", video.path, "-f", "rawvideo", "-pix_fmt", "rgb24", raw.path],
                                           in: dir.url)
        try #require(decode.status == 0, "ffmpeg decoding \(video.lastPathComponent): \(decode)")
        let data = try Data(contentsOf: raw)
        try? FileManager.default.removeItem(at: raw)
        let frameSize = size[0] * size[1] * 3
        try #require(frameSize > 0 && data.count % frameSize == 0, "\(data.count) bytes are not whole \(size[0])×\(size[1]) frames")
        let frames = stride(from: 0, to: data.count, by: frameSize).map { data.subdata(in: $0..<$0 + frameSize) }
        return Frames(width: size[0], height: size[1], frames: frames)
    }

    /// Peak signal-to-noise ratio of two equal-sized frames, in dB (∞ when equal).
    static func psnr(_ a: Data, _ b: Data) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 0 }
        var sum: UInt64 = 0
        a.withUnsafeBytes { (pa: UnsafeRawBufferPointer) in
            b.withUnsafeBytes { (pb: UnsafeRawBufferPointer) in
                for i in 0..<pa.count {
                    let d = Int(pa[i]) - Int(pb[i])
                    sum += UInt64(d * d)
                }
            }
        }
        guard sum > 0 else { return .infinity }
        let mse = Double(sum) / Double(a.count)
        return 10 * log10(255 * 255 / mse)
    }
}
