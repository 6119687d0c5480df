/// Which todos the list shows.
enum Filter: String, CaseIterable, Hashable, Sendable {
  case all = "All"
  case active = "Active"
  case completed = "Completed"
}
