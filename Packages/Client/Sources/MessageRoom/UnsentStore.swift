import CommonDataModels
import Dependencies
import Foundation

/// Where each room's unsent messages are kept between visits and runs of the app, per sender, so
/// a message kept after sending failed survives leaving the room and quitting, and is sent again
/// under the same idempotency key.
public struct UnsentStore: Sendable {
  /// The messages `sender` kept in the room of `room`, oldest first.
  public var load: @Sendable (_ sender: AccountID, _ room: AccountID) -> [Outbox.Unsent]
  /// Keeps `queue` as what `sender` has not sent in the room of `room` (nothing kept when empty).
  public var save: @Sendable (_ sender: AccountID, _ room: AccountID, _ queue: [Outbox.Unsent]) -> Void

  /// A store of the given operations.
  public init(
    load: @escaping @Sendable (_ sender: AccountID, _ room: AccountID) -> [Outbox.Unsent],
    save: @escaping @Sendable (_ sender: AccountID, _ room: AccountID, _ queue: [Outbox.Unsent]) -> Void
  ) {
    self.load = load
    self.save = save
  }

  /// Keeps nothing beyond the room's own state.
  public static let none = UnsentStore(load: { _, _ in [] }, save: { _, _, _ in })

  /// One JSON file per sender and room in `folder` (`unsent-<sender>-<room>.json`), removed once
  /// nothing is kept. A file that cannot be read keeps nothing and is left for the next save.
  public static func files(in folder: URL) -> UnsentStore {
    @Sendable func file(_ sender: AccountID, _ room: AccountID) -> URL {
      folder.appendingPathComponent("unsent-\(sender.rawValue)-\(room.rawValue).json")
    }
    return UnsentStore(
      load: { sender, room in
        guard let data = try? Data(contentsOf: file(sender, room)) else { return [] }
        return (try? JSONDecoder().decode([Outbox.Unsent].self, from: data)) ?? []
      },
      save: { sender, room, queue in
        let url = file(sender, room)
        guard !queue.isEmpty else {
          try? FileManager.default.removeItem(at: url)
          return
        }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? JSONEncoder().encode(queue).write(to: url, options: .atomic)
      })
  }
}

extension UnsentStore: TestDependencyKey {
  /// Keeps nothing: a room's logic needs no files; a test of keeping sets a store of its own.
  public static var testValue: UnsentStore { .none }
  /// Keeps nothing.
  public static var previewValue: UnsentStore { .none }
}

extension DependencyValues {
  /// ``UnsentStore``: read it with `@Dependency(\.unsentStore)`.
  public var unsentStore: UnsentStore {
    get { self[UnsentStore.self] }
    set { self[UnsentStore.self] = newValue }
  }
}
