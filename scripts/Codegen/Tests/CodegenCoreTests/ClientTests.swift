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

  @Test func twoClientsInOneFile_eachGetsItsOwnInit_andRewritingIsStable() throws {
    let text = """
      // codegen: client
      struct A: Sendable {
        var a: @Sendable () -> Int
      }

      // codegen: client
      struct B: Sendable {
        var b: @Sendable () -> String
        var c: @Sendable () -> Bool
      }
      """
    let first = try #require(generate(["AB.swift": text]).files["/repo/Sources/M/AB.swift"])
    let lines = first.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let a = try #require(lines.firstIndex(of: "struct A: Sendable {"))
    let b = try #require(lines.firstIndex(of: "struct B: Sendable {"))
    #expect(lines[a..<b].contains("  init(") && lines[a..<b].contains("    self.a = a"))
    #expect(!lines[a..<b].contains("    self.b = b"))
    #expect(lines[b...].contains("    self.b = b") && lines[b...].contains("    self.c = c"))
    #expect(!lines[b...].contains("    self.a = a"))
    #expect(lines.last == "}")
    #expect(generate(["AB.swift": first]).files["/repo/Sources/M/AB.swift"] == nil)
  }

  @Test func keywordEndpoints_areEscapedOnlyWhereSwiftNeedsIt() throws {
    let output = generate([
      "Opener.swift": """
      // codegen: client
      public struct URLOpener: Sendable {
        public var open: @Sendable (_ url: String) async -> Bool
        public var `default`: @Sendable () -> Int
      }
      """
    ])
    let source = try #require(output.files["/repo/Sources/M/Opener.swift"])
    #expect(source.contains("    open: @escaping @Sendable (_ url: String) async -> Bool,\n"))
    #expect(source.contains("    default: @escaping @Sendable () -> Int\n"))
    #expect(source.contains("    self.open = open\n"))
    #expect(source.contains("    self.default = `default`\n"))
    let text = try #require(output.files["/repo/Sources/M/Generated/Opener+Generated.swift"])
    #expect(text.contains("      open: unimplemented(\"URLOpener.open\"),\n"))
    #expect(text.contains("      default: unimplemented(\"URLOpener.default\")\n"))
    #expect(text.contains("  public func open(url: String) async -> Bool {\n    await self.open(url)\n  }"))
    #expect(text.contains("  public var urlOpener: URLOpener {"))
    #expect(!text.contains("`open`:") && !source.contains("`open`"))
  }

  @Test func endpointsWithNamedParameters_getLabelledMethods_likeDependencyClient() throws {
    let output = generate([
      "Auth.swift": """
      // codegen: client
      public struct AuthClient: Sendable {
        public var login: @Sendable (_ email: String, _ password: String) async throws -> User
        public var logout: @Sendable () async -> Void
        public var track: @MainActor @Sendable (_ event: String, Int) -> Void
        public var hash: @Sendable (String) -> Int
        public var load: @Sendable (_ ids: [Int], _ sort: (Int, Int) -> Bool) throws(LoadError) -> [Int: String]
      }
      """
    ])
    let text = try #require(output.files["/repo/Sources/M/Generated/Auth+Generated.swift"])
    #expect(
      text.contains(
        """
          /// Calls the `login` endpoint: `login(email:password:)`.
          public func login(email: String, password: String) async throws -> User {
            try await self.login(email, password)
          }
        """))
    #expect(
      text.contains(
        """
          @MainActor
          public func track(event: String, _ p1: Int) {
            self.track(event, p1)
          }
        """))
    #expect(
      text.contains(
        """
          public func load(ids: [Int], sort: (Int, Int) -> Bool) throws(LoadError) -> [Int: String] {
            try self.load(ids, sort)
          }
        """))
    #expect(!text.contains("func logout") && !text.contains("func hash"))
  }
}
