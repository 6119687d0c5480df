/// Marks a `Tagged` value as naming an account.
public enum AccountTag {}

/// The stable id of an account (fan or artist); an artist's id is also its room's id.
///
/// Encoded in JSON as a plain integer: `"id": 42`.
public typealias AccountID = Tagged<AccountTag, Int64>
