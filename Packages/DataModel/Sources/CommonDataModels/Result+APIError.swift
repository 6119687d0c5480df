extension Result where Failure == APIError {
  /// The value `body` returns, or what it threw as an ``APIError``: how a feature turns a
  /// client's answer into a response action without a `do`/`catch` of its own.
  ///
  /// ```swift
  /// func profileResponse(_ client: @Sendable () async throws -> String) async -> Result<String, APIError> {
  ///   await Result { try await client() }
  /// }
  /// ```
  public init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(APIError(error))
    }
  }
}
