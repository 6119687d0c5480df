/// The parts of the benchmark, named for `--only` (comma-separated; all of them without it).
enum BenchCase: String, CaseIterable {
  /// `DevBackend.handle` on one thread: sign-in, message page, artist list, post.
  case inProcess = "in-process"
  /// Message pages and artist lists over loopback HTTP from this process's own clients.
  case http
  /// Peak memory of 64 concurrent sign-ins.
  case signIns = "sign-ins"
  /// Room read, artist list and another user's profile beside a room of hidden replies.
  case bigRoom = "big-room"
  /// A fresh client beside 200 idle or slow connections.
  case idleConnections = "idle-connections"
  /// 500 long polls held over HTTP: threads, CPU while held, and how soon a post answers them all.
  case heldPolls = "held-polls"
  /// Health, artist list and room read under wrk against nginx serving a static file.
  case reads
  /// Posts under wrk against raw SQLite inserts (a plain table and the server's schema).
  case posts

  struct Problem: Error {
    var message: String
  }

  /// The cases `--only` names in `arguments`, or every case when it is absent.
  static func chosen(_ arguments: [String]) -> Result<Set<BenchCase>, Problem> {
    guard let index = arguments.firstIndex(of: "--only") else { return .success(Set(allCases)) }
    let known = allCases.map(\.rawValue).joined(separator: ", ")
    let names = index + 1 < arguments.count ? arguments[index + 1].split(separator: ",") : []
    guard !names.isEmpty else {
      return .failure(Problem(message: "--only needs a comma-separated list of cases: \(known)"))
    }
    var cases: Set<BenchCase> = []
    for name in names {
      guard let chosen = BenchCase(rawValue: String(name)) else {
        return .failure(Problem(message: "--only: no case named '\(name)'; the cases are \(known)"))
      }
      cases.insert(chosen)
    }
    return .success(cases)
  }
}
