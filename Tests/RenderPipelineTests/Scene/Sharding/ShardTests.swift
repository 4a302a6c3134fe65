import Foundation
import Testing
@testable import RenderPipeline
@testable import TextEffects

/// Shards split work into contiguous parts that cover it once, and come from `K/N` or a
/// cluster's environment.
@Suite struct ShardTests {
    @Test func partsCoverTheWorkOnceInOrderAndEvenly() throws {
        for total in 0...23 {
            for count in 1...9 {
                let items = 5..<(5 + total)
                let parts = try (1...count).map { try #require(Shard(number: $0, count: count)).part(of: items) }
                #expect(parts.first?.lowerBound == items.lowerBound && parts.last?.upperBound == items.upperBound)
                for (a, b) in zip(parts, parts.dropFirst()) { #expect(a.upperBound == b.lowerBound, "\(total) in \(count)") }
                let sizes = parts.map(\.count)
                #expect(sizes.max()! - sizes.min()! <= 1 && sizes.reduce(0, +) == total, "\(total) in \(count): \(sizes)")
            }
        }
        #expect(Shard(number: 2, count: 4)?.part(of: 0..<3000) == 750..<1500)
    }

    @Test func parsingKOfN() {
        #expect(Shard(parsing: "2/4") == Shard(number: 2, count: 4))
        for bad in ["0/4", "5/4", "1/0", "-1/3", "2", "a/b", "1/2/3", "", "1/100001"] { #expect(Shard(parsing: bad) == nil, "\(bad)") }
    }

    @Test func clusterEnvironments() throws {
        // Slurm: --array=1-8 → IDs 1…8; --array=0-30:10 → 0, 10, 20, 30.
        #expect(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "8"], count: nil)
                == Shard(number: 3, count: 8))
        #expect(try Shard.fromEnvironment(["SLURM_ARRAY_TASK_ID": "20", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "10",
                                           "SLURM_ARRAY_TASK_COUNT": "4"], count: nil) == Shard(number: 3, count: 4))
        // Kubernetes Indexed Job and AWS Batch: indices from 0, the count given.
        #expect(try Shard.fromEnvironment(["JOB_COMPLETION_INDEX": "0"], count: 4) == Shard(number: 1, count: 4))
        #expect(try Shard.fromEnvironment(["AWS_BATCH_JOB_ARRAY_INDEX": "3"], count: 4) == Shard(number: 4, count: 4))
        func reason(_ environment: [String: String], count: Int?) -> String {
            do { return "no error: \(try Shard.fromEnvironment(environment, count: count))" } catch { return error.description }
        }
        #expect(reason([:], count: 4).hasPrefix("no shard in the environment"))
        #expect(reason(["JOB_COMPLETION_INDEX": "1"], count: nil) == "JOB_COMPLETION_INDEX is set; give the number of shards with --shards N")
        #expect(reason(["JOB_COMPLETION_INDEX": "4"], count: 4) == "JOB_COMPLETION_INDEX=4 is not an index of 4 shards (0…3)")
        #expect(reason(["SLURM_ARRAY_TASK_ID": "x"], count: nil) == "SLURM_ARRAY_TASK_ID=x is not a whole number")
        #expect(reason(["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "4"], count: nil)
                == "SLURM_ARRAY_TASK_ID=5 is not one of 4 tasks from 0 in steps of 2")
    }
}
