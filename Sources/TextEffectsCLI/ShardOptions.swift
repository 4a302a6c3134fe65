// Only with the package trait `CLI` (Package.swift): swift-argument-parser is not there without it.
#if CLI
import ArgumentParser
import Foundation
import TextEffects

/// `--shard K/N|auto` and `--shards N`: render one contiguous part of the frames, for a job
/// array on a cluster (Slurm, Kubernetes Indexed Jobs, AWS Batch).
struct ShardOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Render only the K-th of N contiguous parts of the frames (render: of --frame-range's when given) or of the rows (batch), 1 ≤ K ≤ N; or \"auto\": K and N from a Slurm array, a Kubernetes Indexed Job or an AWS Batch array job.", valueName: "K/N|auto"))
    var shard: String?

    @Option(help: ArgumentHelp("The number of shards for --shard auto where the engine does not tell it (Kubernetes: the Job's completions; AWS Batch: the array size).", valueName: "N"))
    var shards: Int?

    func validate() throws {
        if let shard, shard != "auto", Shard(parsing: shard) == nil {
            throw ValidationError("--shard must be K/N with 1 ≤ K ≤ N ≤ \(Shard.maximumCount), or auto, not \(shard)")
        }
        if let shards {
            guard shard == "auto" else { throw ValidationError("--shards goes with --shard auto") }
            guard (1...Shard.maximumCount).contains(shards) else { throw ValidationError("--shards must be from 1 to \(Shard.maximumCount), not \(shards)") }
        }
    }

    /// The shard to render; nil without `--shard`. `auto` reads the environment, and exits 2
    /// with the reason when it says nothing usable.
    func resolved() throws -> Shard? {
        guard let shard else { return nil }
        if let parsed = Shard(parsing: shard) { return parsed }
        do { return try Shard.fromEnvironment(count: shards) } catch { throw CommandFailure.input(error, at: "--shard auto") }
    }
}
#endif
