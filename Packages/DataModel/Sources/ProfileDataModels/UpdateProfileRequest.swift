/// The body of `PATCH /v1/profile`: only the fields present are changed.
public struct UpdateProfileRequest: Codable, Sendable, Equatable {
  /// A new display name (1–30 characters), or `nil` to keep it.
  public var displayName: String?
  /// A new status message (0–100 characters; empty clears it), or `nil` to keep it.
  public var statusMessage: String?

  /// Creates a request.
  public init(displayName: String? = nil, statusMessage: String? = nil) {
    self.displayName = displayName
    self.statusMessage = statusMessage
  }
}
