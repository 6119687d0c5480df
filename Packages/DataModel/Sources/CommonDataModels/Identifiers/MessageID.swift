/// Marks a `Tagged` value as naming a message.
public enum MessageTag {}

/// The stable id of a message; ids grow with time, so the largest id seen is a polling cursor.
///
/// Encoded in JSON as a plain integer: `"id": 1207`.
public typealias MessageID = Tagged<MessageTag, Int64>
