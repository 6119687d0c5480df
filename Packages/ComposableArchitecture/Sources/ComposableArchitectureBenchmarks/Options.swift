/// What the command line asks for:
///
///     ComposableArchitectureBenchmarks [--samples N] [--without-floors] [--list] [CASE …]
///     ComposableArchitectureBenchmarks --complexity
///
/// CASE is a case's id (`a`, `a2`, `d1`, `j`); none runs every case.
struct Options {
  var samples = 5
  var caseIDs: Set<String> = []
  var listOnly = false
  /// Runs the complexity checks instead of the cases (see `ComplexityChecks`).
  var complexityOnly = false
  /// Runs the cases alone, so that a tool counting the whole process (`perf stat`) counts them only.
  var withoutFloors = false
  /// Set in the child process that measures one variant's peak memory (see `PeakMemory`).
  var peakMemoryVariant: String?

  static let usage = """
    usage: ComposableArchitectureBenchmarks [--samples N] [--without-floors] [--list] [CASE …]
           ComposableArchitectureBenchmarks --complexity
      --samples N        samples per case after the warm-up (default 5; fewer than 5 are not judged)
      --without-floors   run the cases without their plain-Swift floors (for perf stat and the like)
      --list             print the cases and their ids, run nothing
      CASE               ids of the cases to run (a a2 b b1 c c2 d d1 e f g h i j j1 j2 k l m); none runs all
      --complexity       time each operation of the complexity checks at n and 10·n elements; exits
                         non-zero when one costs more than 3× as much at 10·n
    """

  /// Parses `arguments` (without the program name); a message for the user when they are wrong.
  static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
    var options = Options()
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      switch argument {
      case "--samples":
        guard let value = remaining.popFirst(), let samples = Int(value), samples > 0 else {
          return .failure(UsageError(message: "--samples needs a whole number above 0"))
        }
        options.samples = samples
      case "--list":
        options.listOnly = true
      case "--complexity":
        options.complexityOnly = true
      case "--without-floors":
        options.withoutFloors = true
      case "--peak-memory-child":
        guard let variant = remaining.popFirst() else {
          return .failure(UsageError(message: "--peak-memory-child needs a variant"))
        }
        options.peakMemoryVariant = variant
      case "-h", "--help":
        return .failure(UsageError(message: nil))
      default:
        guard !argument.hasPrefix("-") else {
          return .failure(UsageError(message: "unknown option \(argument)"))
        }
        options.caseIDs.insert(argument)
      }
    }
    return .success(options)
  }
}

/// A command line the benchmark cannot run; `message` is `nil` when help was asked for.
struct UsageError: Error {
  let message: String?
}
