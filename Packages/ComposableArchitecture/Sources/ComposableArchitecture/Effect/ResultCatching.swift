extension Result {
  /// The value `body` returns, or the error it throws, for an effect that sends either back:
  /// `await send(.response(Result { try await client.fetch() }))`.
  ///
  /// The standard library's `init(catching:)` takes a synchronous closure only.
  public nonisolated(nonsending) init(
    catching body: nonisolated(nonsending) () async throws(Failure) -> Success
  ) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
