import SQLiteStore

/// The database schema, as numbered migrations; never edit a shipped step, add a new one.
enum Schema {
  static let migrations: [Migration] = [
    Migration(version: 1, name: "accounts, sessions, subscriptions, messages") { connection in
      try connection.execute(
        """
        CREATE TABLE accounts (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          username TEXT NOT NULL UNIQUE,
          password_hash TEXT NOT NULL,
          role TEXT NOT NULL CHECK (role IN ('fan', 'artist')),
          display_name TEXT NOT NULL,
          status_message TEXT NOT NULL DEFAULT '',
          created_at REAL NOT NULL
        );
        CREATE TABLE sessions (
          token TEXT PRIMARY KEY,
          account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          created_at REAL NOT NULL,
          expires_at REAL NOT NULL,
          revoked_at REAL
        );
        CREATE INDEX sessions_account ON sessions(account_id);
        CREATE TABLE subscriptions (
          fan_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          artist_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          created_at REAL NOT NULL,
          last_read_message_id INTEGER NOT NULL DEFAULT 0,
          PRIMARY KEY (fan_id, artist_id)
        );
        CREATE INDEX subscriptions_artist ON subscriptions(artist_id);
        CREATE TABLE messages (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          artist_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          sender_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          kind TEXT NOT NULL CHECK (kind IN ('broadcast', 'reply')),
          text TEXT NOT NULL,
          sent_at REAL NOT NULL
        );
        CREATE INDEX messages_room ON messages(artist_id, id);
        """)
    },
    // Sessions keep only a SHA-256 of the token from now on; the plain tokens of version 1 cannot
    // be converted inside SQLite, so those sessions end and their owners sign in again.
    Migration(version: 2, name: "sessions keyed by token digest") { connection in
      try connection.execute(
        """
        DROP TABLE sessions;
        CREATE TABLE sessions (
          token_digest TEXT PRIMARY KEY,
          account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          created_at REAL NOT NULL,
          expires_at REAL NOT NULL,
          revoked_at REAL
        );
        CREATE INDEX sessions_account ON sessions(account_id);
        """)
    },
    // A fan's page and artist list read broadcasts and the fan's own replies through their own
    // index ranges, so other fans' replies (which can be most of a room) are never walked.
    // `sessions_expiry` keeps the periodic purge of ended sessions cheap.
    Migration(version: 3, name: "indexes for visible messages and session expiry") { connection in
      try connection.execute(
        """
        CREATE INDEX messages_broadcasts ON messages(artist_id, kind, id);
        CREATE INDEX messages_sender ON messages(artist_id, sender_id, id);
        CREATE INDEX sessions_expiry ON sessions(expires_at);
        """)
    },
    // Unsubscribing deletes the subscription and its read marker with it; keeping the marker
    // here means subscribing again does not count the whole room as unread once more.
    Migration(version: 4, name: "read markers kept across unsubscribing") { connection in
      try connection.execute(
        """
        CREATE TABLE read_markers (
          fan_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          artist_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          last_read_message_id INTEGER NOT NULL,
          PRIMARY KEY (fan_id, artist_id)
        );
        """)
    },
    // A message is a broadcast or a reply, so it belongs in only one of version 3's two indexes:
    // as partial indexes, a post updates two indexes instead of three (and logs one page less).
    // A query uses one only when it names the kind (`kind = 'broadcast'` / `kind = 'reply'`);
    // `QueryPlanTests` checks that each does.
    Migration(version: 5, name: "broadcast and reply indexes hold only their own kind") { connection in
      try connection.execute(
        """
        DROP INDEX messages_broadcasts;
        DROP INDEX messages_sender;
        CREATE INDEX messages_broadcasts ON messages(artist_id, id) WHERE kind = 'broadcast';
        CREATE INDEX messages_replies ON messages(artist_id, sender_id, id) WHERE kind = 'reply';
        """)
    },
    // `AUTOINCREMENT` made every post also update `sqlite_sequence`, one more page logged per
    // commit. Without it a new message's id is the largest id + 1, which is the same id: messages
    // are never deleted (no endpoint deletes a message or an account), so the largest id is the
    // sequence's value and ids keep growing, as clients paging by id cursors need. Whatever comes
    // to delete messages must keep the newest row's id from being handed out again. The table is
    // rebuilt with every id kept; the migration runs in one transaction, as each does.
    Migration(version: 6, name: "message ids without AUTOINCREMENT") { connection in
      try connection.execute(
        """
        CREATE TABLE messages_rebuilt (
          id INTEGER PRIMARY KEY,
          artist_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          sender_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
          kind TEXT NOT NULL CHECK (kind IN ('broadcast', 'reply')),
          text TEXT NOT NULL,
          sent_at REAL NOT NULL
        );
        INSERT INTO messages_rebuilt (id, artist_id, sender_id, kind, text, sent_at)
          SELECT id, artist_id, sender_id, kind, text, sent_at FROM messages ORDER BY id;
        DROP TABLE messages;
        ALTER TABLE messages_rebuilt RENAME TO messages;
        CREATE INDEX messages_room ON messages(artist_id, id);
        CREATE INDEX messages_broadcasts ON messages(artist_id, id) WHERE kind = 'broadcast';
        CREATE INDEX messages_replies ON messages(artist_id, sender_id, id) WHERE kind = 'reply';
        """)
    },
    // The artist list read every account to find the artists and then sorted them: with many fans
    // that walk is most of the list's cost. The artists alone, in the list's order, are an index of
    // their own; `QueryPlanTests` checks that the list reads it and sorts nothing.
    Migration(version: 7, name: "artists in the artist list's order") { connection in
      try connection.execute(
        """
        CREATE INDEX accounts_artists ON accounts(display_name COLLATE NOCASE, id) WHERE role = 'artist';
        """)
    },
    // Counting an artist's subscribers walked one index entry per subscriber on every artist list,
    // profile and subscription answer (3.4 ms for an artist with 100,000). The count is kept on the
    // artist's row instead, by triggers, so every way a subscription comes or goes (subscribing,
    // unsubscribing, seeding, an account's deletion cascading) keeps it exact; `INSERT OR IGNORE`
    // of an existing subscription inserts nothing and fires nothing.
    Migration(version: 8, name: "subscriber counts kept on the artist's row") { connection in
      try connection.execute(
        """
        ALTER TABLE accounts ADD COLUMN subscriber_count INTEGER NOT NULL DEFAULT 0;
        UPDATE accounts SET subscriber_count = (SELECT COUNT(*) FROM subscriptions s WHERE s.artist_id = accounts.id);
        CREATE TRIGGER subscriptions_count_added AFTER INSERT ON subscriptions BEGIN
          UPDATE accounts SET subscriber_count = subscriber_count + 1 WHERE id = NEW.artist_id;
        END;
        CREATE TRIGGER subscriptions_count_removed AFTER DELETE ON subscriptions BEGIN
          UPDATE accounts SET subscriber_count = subscriber_count - 1 WHERE id = OLD.artist_id;
        END;
        """)
    },
    // A post's `Idempotency-Key` is kept on its row for a day, so a post sent again after its
    // answer was lost is stored once. The index is partial: a post without a key touches it not.
    Migration(version: 9, name: "idempotency keys of posts") { connection in
      try connection.execute(
        """
        ALTER TABLE messages ADD COLUMN idempotency_key TEXT;
        CREATE UNIQUE INDEX messages_idempotency ON messages(sender_id, idempotency_key)
          WHERE idempotency_key IS NOT NULL;
        """)
    },
    // Counting a room's unread broadcasts walked one index entry per unread broadcast (5.7 ms at
    // 100,000). Each broadcast now carries its number in its room (1, 2, …, `seq`), so the count
    // is the newest one's number less that of the newest one read: two index seeks.
    Migration(version: 10, name: "broadcasts numbered in their room") { connection in
      try connection.execute(
        """
        ALTER TABLE messages ADD COLUMN seq INTEGER;
        UPDATE messages SET seq = numbered.n FROM (
          SELECT id, ROW_NUMBER() OVER (PARTITION BY artist_id ORDER BY id) AS n
          FROM messages WHERE kind = 'broadcast') AS numbered
        WHERE messages.id = numbered.id;
        """)
    },
    // Deleting a message leaves a tombstone: a row of the same room, kind and author whose
    // `deletes` names the message taken back, with an id of its own. Readers follow rooms by id
    // cursors that only move forward, so the deletion needs a place after them to be heard at
    // the next poll; the message's own row goes. The index finds a deletion again (a repeated
    // `DELETE`) and holds only tombstones.
    Migration(version: 11, name: "tombstones of deleted messages") { connection in
      try connection.execute(
        """
        ALTER TABLE messages ADD COLUMN deletes INTEGER;
        CREATE UNIQUE INDEX messages_deletions ON messages(deletes) WHERE deletes IS NOT NULL;
        """)
    },
  ]
}
