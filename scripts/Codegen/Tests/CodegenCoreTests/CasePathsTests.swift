import Testing

@testable import CodegenCore

@Suite struct CasePathsTests {
  @Test func sharedPayloadType_eachCasePathEmbedsAndExtractsItsOwnCase() throws {
    let output = generate([
      "Rooms.swift": """
      import ComposableArchitecture

      public enum Rooms: Equatable, CasePathable {
        case fanRoom(Room.State)
        case artistRoom(Room.State)
      }
      """
    ])
    let text = try #require(output.files["/repo/Sources/M/Generated/Rooms+Generated.swift"])
    #expect(
      text.contains(
        "public var fanRoom: AnyCasePath<Rooms, Room.State> {\n      AnyCasePath(embed: Rooms.fanRoom, extract: { if case .fanRoom(let value) = $0 { value } else { nil } })"
      ))
    #expect(
      text.contains(
        "public var artistRoom: AnyCasePath<Rooms, Room.State> {\n      AnyCasePath(embed: Rooms.artistRoom, extract: { if case .artistRoom(let value) = $0 { value } else { nil } })"
      ))
    #expect(output.findings.isEmpty)
  }

  @Test func payloadKinds_labelsTuplesAndNoPayloadGetMatchingEmbedAndExtract() throws {
    let output = generate([
      "E.swift": """
      enum E: CasePathable {
        case plain
        case labelled(id: Int)
        case pair(Int, name: String)  // a comment (with a paren
        case list([String: [Int]]), other(Result<Int, any Error>)
      }
      """
    ])
    let text = try #require(output.files["/repo/Sources/M/Generated/E+Generated.swift"])
    #expect(text.contains("var plain: AnyCasePath<E, Void>"))
    #expect(
      text.contains(
        "AnyCasePath(embed: { _ in E.plain }, extract: { if case .plain = $0 { () } else { nil } })"))
    #expect(text.contains("var labelled: AnyCasePath<E, Int>"))
    #expect(text.contains("embed: { E.labelled(id: $0) }"))
    #expect(text.contains("var pair: AnyCasePath<E, (Int, name: String)>"))
    #expect(text.contains("embed: { E.pair($0.0, name: $0.1) }"))
    #expect(text.contains("if case .pair(let value0, let value1) = $0 { (value0, value1) }"))
    #expect(text.contains("var list: AnyCasePath<E, [String: [Int]]>"))
    #expect(text.contains("var other: AnyCasePath<E, Result<Int, any Error>>"))
    #expect(!text.contains("public"))
  }

  @Test func typeOfEnclosingType_isQualifiedInTheExtension() throws {
    let output = generate([
      "Feature.swift": """
      struct Feature {
        struct Path {}
        enum Action: CasePathable {
          case path(StackActionOf<Path>)
          case view(View)
          enum View { case tapped }
        }
      }
      """
    ])
    let text = try #require(output.files["/repo/Sources/M/Generated/Feature+Generated.swift"])
    #expect(text.contains("AnyCasePath<Feature.Action, StackActionOf<Feature.Path>>"))
    #expect(text.contains("AnyCasePath<Feature.Action, View>"))
  }

  @Test func handWrittenAllCasePaths_isLeftAlone() {
    let output = generate([
      "E.swift": """
      enum E: CasePathable {
        case a(Int)
        struct AllCasePaths: Sendable {}
        static var allCasePaths: AllCasePaths { AllCasePaths() }
      }
      """
    ])
    #expect(output.files.isEmpty)
  }

  @Test func rawValuesOnSeparateLines_doNotSwallowTheEnumsClosingBrace() throws {
    let output = generate([
      "Tab.swift": """
      enum Tab: String, CasePathable {
        case home = "home"
        case settings = "settings"
      }

      enum Mode: Int, CasePathable {
        case fast = -1, slow = 2
      }
      """
    ])
    let text = try #require(output.files["/repo/Sources/M/Generated/Tab+Generated.swift"])
    #expect(text.contains("extension Tab {") && text.contains("var settings: AnyCasePath<Tab, Void>"))
    #expect(text.contains("extension Mode {") && !text.contains("Tab.Mode"))
    #expect(text.contains("var slow: AnyCasePath<Mode, Void>"))
  }
}
