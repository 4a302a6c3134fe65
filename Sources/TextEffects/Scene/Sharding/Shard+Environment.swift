import Foundation

extension Shard {
    /// Why the shard could not be read from a cluster's environment.
    public struct EnvironmentError: Error, CustomStringConvertible {
        public let description: String
    }

    /// This task's shard as a distributed engine tells it through the environment:
    ///
    /// - Slurm job arrays: `SLURM_ARRAY_TASK_ID` within `SLURM_ARRAY_TASK_MIN`…`MAX` (stepped by
    ///   `SLURM_ARRAY_TASK_STEP`), `SLURM_ARRAY_TASK_COUNT` tasks;
    /// - Kubernetes Indexed Jobs: `JOB_COMPLETION_INDEX` (from 0), with `count` (`--shards N`,
    ///   the Job's `completions`);
    /// - AWS Batch array jobs: `AWS_BATCH_JOB_ARRAY_INDEX` (from 0), with `count`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment,
                                       count: Int?) throws(EnvironmentError) -> Shard {
        func integer(_ name: String) throws(EnvironmentError) -> Int? {
            guard let text = environment[name] else { return nil }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw EnvironmentError(description: "\(name)=\(text) is not a whole number")
            }
            return value
        }
        if let id = try integer("SLURM_ARRAY_TASK_ID") {
            let listed = try integer("SLURM_ARRAY_TASK_COUNT")
            guard let tasks = count ?? listed else {
                throw EnvironmentError(description: "SLURM_ARRAY_TASK_ID is set but not SLURM_ARRAY_TASK_COUNT; give --shards N")
            }
            let minimum = try integer("SLURM_ARRAY_TASK_MIN") ?? 0
            let stepped = try integer("SLURM_ARRAY_TASK_STEP")
            let step = max(1, stepped ?? 1)
            guard (id - minimum) % step == 0, let shard = Shard(number: (id - minimum) / step + 1, count: tasks) else {
                throw EnvironmentError(description: "SLURM_ARRAY_TASK_ID=\(id) is not one of \(tasks) tasks from \(minimum) in steps of \(step)")
            }
            return shard
        }
        for name in ["JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"] {
            guard let index = try integer(name) else { continue }
            guard let count else { throw EnvironmentError(description: "\(name) is set; give the number of shards with --shards N") }
            guard let shard = Shard(number: index + 1, count: count) else {
                throw EnvironmentError(description: "\(name)=\(index) is not an index of \(count) shards (0…\(count - 1))")
            }
            return shard
        }
        throw EnvironmentError(description: "no shard in the environment (SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX)")
    }
}
