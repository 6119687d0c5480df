import CommonDataModels
import Foundation
import NetworkProvider
import Synchronization

/// Records every request and answers from a script, one step per request; when the script
/// runs out it answers with `fallback`.
final class RecordingTransport: Transport {
  enum Step: Sendable {
    case respond(WireResponse)
    case fail(APIError)
  }

  private let state: Mutex<(requests: [WireRequest], steps: [Step])>
  private let fallback: Step

  init(_ steps: [Step] = [], otherwise fallback: Step = .respond(WireResponse(status: 204))) {
    state = Mutex(([], steps))
    self.fallback = fallback
  }

  var requests: [WireRequest] { state.withLock { $0.requests } }

  func send(_ request: WireRequest) async throws -> WireResponse {
    let step = state.withLock { state -> Step in
      state.requests.append(request)
      return state.steps.isEmpty ? fallback : state.steps.removeFirst()
    }
    switch step {
    case .respond(let response): return response
    case .fail(let error): throw error
    }
  }
}

/// An `APIClient` over a recording transport, with a session store in a fresh temporary folder,
/// a memory cache, one attempt per call and no real waiting.
struct Harness {
  let transport: RecordingTransport
  let store: SessionStore
  let api: APIClient
  let folder: URL

  init(_ steps: [RecordingTransport.Step] = [], token: String? = "tok", maxAttempts: Int = 1) {
    transport = RecordingTransport(steps)
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("client-live-\(UUID().uuidString)")
    store = SessionStore(directory: folder, fileName: "session.json")
    if let token { store.save(token: token) }
    api = APIClient(
      transport: transport, sessionStore: store, cache: CacheManager(directory: nil),
      configuration: .init(maxAttempts: maxAttempts), backoffSleep: { _ in })
  }

  func remove() { try? FileManager.default.removeItem(at: folder) }
}

func json(_ status: Int, _ text: String) -> RecordingTransport.Step {
  .respond(WireResponse(status: status, headers: ["content-type": "application/json"], body: Data(text.utf8)))
}

func body(_ request: WireRequest?) -> String {
  String(decoding: request?.body ?? Data(), as: UTF8.self)
}

let sessionJSON = """
  {"account":{"displayName":"Demo Fan","id":4,"role":"fan","username":"demo_fan"},\
  "expiresAt":"2026-12-23T09:00:00.000Z","token":"new-token"}
  """

let bearer = ["authorization": "Bearer tok"]
let jsonBody = ["content-type": "application/json"]
