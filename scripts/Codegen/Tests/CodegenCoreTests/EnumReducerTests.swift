import Testing

@testable import CodegenCore

@Suite struct EnumReducerTests {
  @Test func markedReducer_getsActionAndBodyScopingEachCaseToItsOwnFeature() throws {
    let output = generate([
      "Destination.swift": """
      import ComposableArchitecture

      extension App {
        // codegen: enum reducer
        public struct Destination: Reducer {
          public enum State: Equatable, Sendable, CasePathable {
            case fanRoom(RoomFeature.State)
            case artistRoom(RoomFeature.State)
          }
        }
      }
      """
    ])
    let text = try #require(output.files["/repo/Sources/M/Generated/Destination+Generated.swift"])
    #expect(text.contains("public enum Action: Equatable, Sendable, CasePathable {"))
    #expect(text.contains("case fanRoom(RoomFeature.Action)"))
    #expect(text.contains("Scope(state: \\.fanRoom, action: \\.fanRoom) { RoomFeature() }"))
    #expect(text.contains("Scope(state: \\.artistRoom, action: \\.artistRoom) { RoomFeature() }"))
    #expect(text.contains("extension App.Destination.Action {"))
    #expect(text.contains("extension App.Destination.State {"))
    #expect(output.findings.isEmpty)
  }

  @Test func caseNotHoldingAFeatureState_isRefusedWithTheLine() {
    let output = generate([
      "Path.swift": """
      // codegen: enum reducer
      struct Path: Reducer {
        enum State: CasePathable {
          case count(Int)
        }
      }
      """
    ])
    #expect(
      output.findings.map(\.description) == [
        "/repo/Sources/M/Path.swift:4: error: [codegen] case 'count' of Path.State must hold one feature's state "
          + "(`case count(SomeFeature.State)`); fix: change the declaration or remove its marker"
      ])
  }
}
