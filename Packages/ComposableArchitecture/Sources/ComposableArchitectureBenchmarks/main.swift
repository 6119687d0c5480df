import ComposableArchitecture
import Foundation

// Release-mode benchmarks of the store's hot paths and of the cases an app lives in, each with
// its target and, where one exists, a plain-Swift floor measured in the same run:
//   swift run -c release --package-path Packages/ComposableArchitecture \
//     ComposableArchitectureBenchmarks [--samples N] [--list] [CASE…]

@MainActor
func coreCases() -> [BenchmarkCase] {
  [
    BenchmarkCase(
      id: "a", label: "(a)", title: "Store.send, trivial counter ×500,000", target: .atMost(150),
      sample: {
        let store = Store(initialState: Counter.State()) { Counter() }
        return measure(iterations: 500_000) { store.send(.increment) }
      }
    ),
    BenchmarkCase(
      id: "a2", label: "(a″)", title: "the same with one dependency overridden ×500,000",
      sample: {
        let store = Store(initialState: Counter.State()) {
          Counter()
        } withDependencies: {
          $0.date = .constant(Date(timeIntervalSince1970: 0))
        }
        return measure(iterations: 500_000) { store.send(.increment) }
      }
    ),
    BenchmarkCase(
      id: "b", label: "(b)", title: "through 5 nested Scopes (five concrete features) ×500,000",
      target: .atMost(500),
      sample: {
        let store = Store(initialState: Level1.State()) { Level1() }
        return measure(iterations: 500_000) {
          store.send(.child(.child(.child(.child(.child(.increment))))))
        }
      }
    ),
    BenchmarkCase(
      id: "b1", label: "(b′)", title: "the same through a generic Level<Child> wrapper ×100,000",
      sample: {
        let store = Store(initialState: Nested5.State()) { Nested5() }
        return measure(iterations: 100_000) {
          store.send(.child(.child(.child(.child(.child(.increment))))))
        }
      }
    ),
  ]
    + [1_000, 10_000].map { rows in
      BenchmarkCase(
        id: "c", label: "(c)",
        title: "forEach over \(rows.formatted()) rows, action to row 500 ×100,000",
        target: .atMost(1_000),
        sample: {
          List.timeRowActions(Store(initialState: List.State(rows: rows)) { List() }, iterations: 100_000)
        }
      )
    }
    + [1_000, 10_000, 100_000].map { rows in
      BenchmarkCase(
        id: "c2", label: "(c′)",
        title: "the same, \(rows.formatted()) rows, a view observing store.rows ×100,000",
        target: .timesFloor(3),
        sample: {
          let store = Store(initialState: List.State(rows: rows)) { List() }
          let token = store.observe { consume(store.rows) }
          let time = List.timeRowActions(store, iterations: 100_000)
          token.cancel()
          return time
        },
        floor: Floor(title: "the same action, \(rows.formatted()) rows, no observer") {
          List.timeRowActions(Store(initialState: List.State(rows: rows)) { List() }, iterations: 100_000)
        }
      )
    }
    + [
      BenchmarkCase(
        id: "e", label: "(e)", title: "floor of (a): Counter.reduce(into:action:) called directly ×1,000,000",
        sample: {
          var state = Counter.State()
          let reducer = Counter()
          // One real call per action: inlined, the loop would fold into a single addition.
          let time = measure(iterations: 1_000_000) { reduceOnce(reducer, &state) }
          precondition(state.count == 1_000_000, "the floor's reducer did not run every time")
          return time
        }
      )
    ]
}

/// Calls the reducer once, kept out of line so that the optimizer cannot fold the loop away.
@inline(never)
func reduceOnce(_ reducer: Counter, _ state: inout Counter.State) {
  _ = reducer.reduce(into: &state, action: .increment)
}

@MainActor
func allCases() -> [BenchmarkCase] {
  coreCases() + effectCases() + testStoreCases() + navigationCases() + observationCases()
    + typingCases() + memoryCases()
}

@MainActor
func main() async -> Int32 {
  let options: Options
  switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
  case .success(let parsed):
    options = parsed
  case .failure(let error):
    guard let message = error.message else {
      print(Options.usage)
      return 0
    }
    printError("error: \(message)\n\(Options.usage)")
    return 2
  }
  if options.complexityOnly {
    return ComplexityChecks.run() ? 0 : 1
  }
  if let name = options.peakMemoryVariant {
    guard let variant = PeakMemory.Variant(rawValue: name) else {
      printError("error: no memory variant \(name); one of \(PeakMemory.Variant.allCases.map(\.rawValue))")
      return 2
    }
    return PeakMemory.runChild(variant)
  }

  let cases = allCases()
  if options.listOnly {
    for benchmark in cases {
      print(
        "\(benchmark.id.padding(toLength: 4, withPad: " ", startingAt: 0)) \(benchmark.label) \(benchmark.title)"
      )
    }
    return 0
  }
  let unknown = options.caseIDs.subtracting(cases.map(\.id))
  guard unknown.isEmpty else {
    printError("error: no case \(unknown.sorted().joined(separator: ", ")); --list shows them")
    return 2
  }
  let picked = options.caseIDs.isEmpty ? cases : cases.filter { options.caseIDs.contains($0.id) }
  let chosen =
    options.withoutFloors
    ? picked.map { benchmark in
      var alone = benchmark
      alone.floor = nil
      return alone
    } : picked

  let start = MachineLoad.now()
  print(
    "ComposableArchitecture benchmarks: release build, a warm-up run then \(options.samples) samples per case"
  )
  print("machine: \(platformName()), \(start.description) at start\(start.isBusy ? " (busy)" : "")")
  print(Runner.columns)
  var runner = Runner(samples: options.samples)
  for benchmark in chosen { await runner.run(benchmark) }
  let end = MachineLoad.now()
  print("machine: \(end.description) at the end")
  if runner.busyCases.isEmpty {
    print("The machine was quiet throughout (1-min load at most 3/4 of the cores).")
  } else {
    print(
      "The machine was busy during \(runner.busyCases.count) of \(chosen.count) cases "
        + String(format: "(1-min load up to %.2f on %d cores)", runner.highestLoad, end.processors)
        + ": these figures are noisy; re-measure on a quiet machine before quoting them.")
  }
  return 0
}

/// Writes `message` and a newline to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// "Linux" or "macOS", for the header.
func platformName() -> String {
  #if os(Linux)
  "Linux"
  #elseif os(macOS)
  "macOS"
  #else
  "this platform"
  #endif
}

exit(await main())
