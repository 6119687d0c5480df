import Testing

@testable import CodegenCore

@Suite struct ClientTests {
  static let client = """
    import Dependencies

    /// Rooms.
    // codegen: client
    public struct RoomClient: Sendable {
      /// Messages after a cursor.
      public var messages: @Sendable (_ id: Int, _ after: Int?) async throws -> [String]
      /// Follows a room.
      // codegen: placeholder AsyncThrowingStream { $0.finish() }
      public var updates:
        @Sendable (_ id: Int) -> AsyncThrowingStream<
          String, any Error
        >
      /// Restores.
      public var restore: @Sendable () async throws -> String?
      /// Optional.
      public var hook: (@Sendable () -> Void)?
      /// Not an endpoint.
      public var count: Int { 0 }
      static var shared: Int = 0
    }
    """

  @Test func markedClient_getsTestValueNamingEachEndpointAndTheDependencyAccessor() throws {
    let output = generate(["RoomClient.swift": Self.client])
    let text = try #require(output.files["/repo/Sources/M/Generated/RoomClient+Generated.swift"])
    #expect(text.contains("messages: unimplemented(\"RoomClient.messages\"),"))
    #expect(
      text.contains(
        "updates: unimplemented(\"RoomClient.updates\", placeholder: AsyncThrowingStream { $0.finish() })"))
    #expect(!text.contains("count"))
    #expect(text.contains("public var roomClient: RoomClient {"))
  }

  @Test func markedClient_getsMemberwiseInitInTheMarkedRegion_andRewritingIsStable() throws {
    let first = generate(["RoomClient.swift": Self.client])
    let source = try #require(first.files["/repo/Sources/M/RoomClient.swift"])
    let expected = [
      "  \(ClientRenderer.regionStart)",
      "  /// Creates a client from its endpoints.",
      "  public init(",
      "    messages: @escaping @Sendable (_ id: Int, _ after: Int?) async throws -> [String],",
      "    updates: @escaping @Sendable (_ id: Int) -> AsyncThrowingStream<String, any Error>,",
      "    restore: @escaping @Sendable () async throws -> String?,",
      "    hook: (@Sendable () -> Void)?",
      "  ) {",
      "    self.messages = messages",
      "    self.updates = updates",
      "    self.restore = restore",
      "    self.hook = hook",
      "  }",
      "  \(ClientRenderer.regionEnd)",
      "}",
    ]
    #expect(source.hasSuffix("static var shared: Int = 0\n\n" + expected.joined(separator: "\n")))
    let second = generate(["RoomClient.swift": source])
    #expect(second.files["/repo/Sources/M/RoomClient.swift"] == nil)
  }
}
