import CommonDataModels
import Foundation
import MessageDataModels
import SQLiteStore

/// The believable world a fresh data folder starts with (documented in the package README).
enum DemoData {
  static let password = "fromm-demo-1"

  static let people: [(username: String, role: AccountRole, displayName: String, statusMessage: String)] = [
    ("iu_official", .artist, "IU", "The Winning tour is on!"),
    ("taeyeon", .artist, "TAEYEON", "Letter to myself"),
    ("akmu", .artist, "AKMU", ""),
    ("demo_fan", .fan, "Demo Fan", "Uaena since 2008"),
    ("minji_fan", .fan, "Minji", ""),
  ]

  /// (artist, fans subscribed)
  static let subscriptions: [(String, [String])] = [
    ("iu_official", ["demo_fan", "minji_fan"]),
    ("taeyeon", ["demo_fan"]),
  ]

  /// (room's artist, sender, minutes before seeding, text)
  static let messages: [(String, String, Double, String)] = [
    ("iu_official", "iu_official", 180, "Good morning, Uaena! Rehearsal starts in an hour ☀️"),
    ("iu_official", "demo_fan", 170, "Good luck at rehearsal! See you in Seoul."),
    ("iu_official", "minji_fan", 160, "I got tickets for Saturday!!"),
    (
      "iu_official", "iu_official", 60,
      "Soundcheck done. The new arrangement of 'Love wins all' is my favourite."
    ),
    ("iu_official", "iu_official", 5, "Thank you for today. Sleep well 🌙"),
    ("taeyeon", "taeyeon", 300, "Recording all day today. What song should I cover next?"),
    ("taeyeon", "demo_fan", 290, "Please cover 'Rain' acoustic!"),
    ("taeyeon", "taeyeon", 30, "Ate tteokbokki after the session 😋"),
    ("akmu", "akmu", 1_440, "New song demo is done. Soon!"),
  ]

  /// Seeds an empty database; does nothing when any account exists (another process may have won).
  static func seedIfEmpty(store: Store, hasher: PasswordHasher, now: Date) throws {
    // Hash before taking the write lock: hashing is the slow part.
    let hashes = try people.map { _ in try hasher.hash(password) }
    try store.database.write { connection in
      guard try connection.queryFirst("SELECT 1 FROM accounts LIMIT 1") == nil else { return }
      var ids: [String: AccountID] = [:]
      let created = now.addingTimeInterval(-30 * 86_400).timeIntervalSince1970
      for (person, hash) in zip(people, hashes) {
        try connection.query(
          """
          INSERT INTO accounts (username, password_hash, role, display_name, status_message, created_at)
          VALUES (?, ?, ?, ?, ?, ?)
          """,
          [
            .text(person.username), .text(hash), .text(person.role.rawValue), .text(person.displayName),
            .text(person.statusMessage), .real(created),
          ])
        ids[person.username] = AccountID(connection.lastInsertRowID)
      }
      for (artist, fans) in subscriptions {
        for fan in fans {
          try connection.query(
            "INSERT INTO subscriptions (fan_id, artist_id, created_at) VALUES (?, ?, ?)",
            [.integer(ids[fan]?.rawValue ?? 0), .integer(ids[artist]?.rawValue ?? 0), .real(created)])
        }
      }
      for (artist, sender, minutesAgo, text) in messages {
        guard let artistID = ids[artist], let senderID = ids[sender] else { continue }
        try store.insertMessage(
          connection, artist: artistID, sender: senderID, kind: artist == sender ? .broadcast : .reply,
          text: text,
          now: now.addingTimeInterval(-minutesAgo * 60))
      }
      // The fans have read everything up to their own last reply, so the later broadcasts are unread.
      try connection.execute(
        """
        UPDATE subscriptions SET last_read_message_id = COALESCE(
          (SELECT MAX(id) FROM messages m WHERE m.artist_id = subscriptions.artist_id
             AND m.sender_id = subscriptions.fan_id AND m.kind = 'reply'), 0)
        """)
    }
  }
}
