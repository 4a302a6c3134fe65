/// A caption file that cannot be used, with every problem found (not just the first).
///
/// Its description is one line per problem, each naming the file and where:
/// `talk.vtt:12: "00:01:02.5" is not a timestamp (use hh:mm:ss.ttt or mm:ss.ttt)`. The CLI
/// prints it and exits with status 2, as for a bad scene.
package struct CaptionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file's name as the user gave it.
    public var file: String
    public var problems: [CaptionProblem]

    public init(file: String, problems: [CaptionProblem]) {
        self.file = file
        self.problems = problems
    }

    public init(file: String, line: Int = 0, column: Int? = nil, _ message: String) {
        self.init(file: file, problems: [CaptionProblem(line: line, column: column, message: message)])
    }

    public var description: String {
        problems.map { problem in
            let location = problem.description
            return problem.line > 0 && problem.path == nil ? "\(file):\(location)" : "\(file): \(location)"
        }.joined(separator: "\n")
    }
}
