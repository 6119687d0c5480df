import Testing

@testable import CodegenCore

@Suite struct EnumReducerTests {
  @Test func markedReducer_getsActionAndBodyScopingEachCaseToItsOwnFeature() throws {
    let output = generate([
      "Destination.swift": """
      import ComposableArchitecture

      extension App {
        // codegen: enum reducer (Action: Equatable)
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

  @Test func bareMarker_actionGetsOnlySendableAndCasePathable_notTheStatesConformances() throws {
    let output = generate([
      "Path.swift": """
      // codegen: enum reducer
      struct Path: Reducer {
        enum State: Equatable, Hashable, Sendable, CasePathable {
          case detail(Detail.State)
        }
      }
      """
    ])
    let text = try #require(output.files["/repo/Sources/M/Generated/Path+Generated.swift"])
    #expect(text.contains("  enum Action: Sendable, CasePathable {\n"))
    #expect(output.findings.isEmpty)
  }

  @Test func alertDialogAndPlainCases_areAcceptedLikeTCAsReducerEnum() throws {
    let output = generate([
      "Destination.swift": """
      // codegen: enum reducer (Action: Equatable, Sendable)
      struct Destination: Reducer {
        enum State: Equatable, Sendable, CasePathable {
          case alert(AlertState<Alert>)
          case dialog(ConfirmationDialogState<Dialog>)
          case edit(SyncUpForm.State)
          case meeting(Meeting, syncUp: SyncUp)
          case loading
        }
        enum Alert: Equatable, Sendable { case confirmDeletion }
        enum Dialog: Equatable, Sendable { case discard }
      }
      """
    ])
    #expect(output.findings.isEmpty)
    let text = try #require(output.files["/repo/Sources/M/Generated/Destination+Generated.swift"])
    #expect(text.contains("enum Action: Equatable, Sendable, CasePathable {"))
    #expect(text.contains("    case alert(Alert)\n"))
    #expect(text.contains("    case dialog(Dialog)\n"))
    #expect(text.contains("    case edit(SyncUpForm.Action)\n"))
    #expect(!text.contains("case meeting("))
    #expect(!text.contains("case loading"))
    // Only the feature runs a reducer; the buttons' actions reach the parent.
    #expect(text.components(separatedBy: "Scope(").count == 2)
    #expect(text.contains("Scope(state: \\.edit, action: \\.edit) { SyncUpForm() }"))
    #expect(text.contains("var alert: AnyCasePath<Destination.Action, Destination.Alert>"))
  }

  @Test func markedReducer_isNamedByItsState_soForEachNeedsNoClosure() throws {
    let output = generate([
      "Path.swift": """
      extension App {
        // codegen: enum reducer
        public struct Path: Reducer {
          public enum State: Sendable, CasePathable {
            case detail(Detail.State)
          }
        }
      }
      """
    ])
    let text = try #require(output.files["/repo/Sources/M/Generated/Path+Generated.swift"])
    #expect(text.contains("extension App.Path.State: CaseReducerState {\n"))
    #expect(text.contains("  public static var stateReducer: App.Path { App.Path() }\n"))
  }

  @Test func markerWithUnknownArguments_isRefusedWithTheLine() {
    let output = generate([
      "Path.swift": """
      // codegen: enum reducer (State: Equatable)
      struct Path: Reducer {
        enum State: CasePathable {
          case detail(Detail.State)
        }
      }
      """
    ])
    #expect(output.findings.map(\.line) == [2])
    #expect(output.findings.first?.message.contains("(Action: Equatable)") == true)
  }
}
