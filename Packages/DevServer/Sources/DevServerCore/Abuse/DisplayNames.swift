import CommonDataModels
import CommonKit
import Foundation

extension BackendCore {
  /// The most Unicode scalars a display name may hold. `AccountRules` counts characters
  /// (graphemes), and one grapheme can carry any number of combining marks.
  static let displayNameMaxScalars = 2 * AccountRules.displayNameMaxLength

  /// `name` normalised (NFKC) once it passes every rule: no control characters, at most
  /// `AccountRules.displayNameMaxLength` characters and ``displayNameMaxScalars`` scalars, and
  /// not confusable with the username or display name of an artist other than `account`.
  func validDisplayName(_ name: String, of account: AccountID?) throws -> String {
    try Self.requireNoControlCharacters(name, field: "displayName", code: .invalidProfile)
    let normalized = name.precomposedStringWithCompatibilityMapping
    if let problem = AccountRules.validateDisplayName(normalized).problem {
      throw ServerError(.invalidProfile, "field 'displayName': \(problem.message)")
    }
    guard normalized.unicodeScalars.count <= Self.displayNameMaxScalars else {
      throw ServerError(
        .invalidProfile,
        "field 'displayName': at most \(Self.displayNameMaxScalars) Unicode scalars (letters and the marks on them); remove some combining marks."
      )
    }
    let skeleton = Self.confusableSkeleton(normalized)
    let lookalike = try store.artistNames().first { artist in
      artist.id != account
        && [artist.username, artist.displayName].map(Self.confusableSkeleton).contains(skeleton)
    }
    if let artist = lookalike {
      throw ServerError(
        .invalidProfile,
        "field 'displayName': '\(name.prefix(40))' looks like the artist \(artist.username); choose a name of your own."
      )
    }
    return normalized
  }

  /// What two names that look alike share: compatibility forms (full-width letters), case,
  /// accents and combining marks, and everything but letters and digits (`_`, spaces, dots)
  /// folded away.
  static func confusableSkeleton(_ text: String) -> String {
    let folded = text.precomposedStringWithCompatibilityMapping.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    return String(String.UnicodeScalarView(folded.unicodeScalars.filter(CharacterSet.alphanumerics.contains)))
  }
}
