/// Whether the list is being rearranged; SwiftUI's `EditMode`, which the todo list keeps in its
/// state, has these cases.
enum EditMode: Equatable, Sendable {
  case inactive
  case transient
  case active
}
