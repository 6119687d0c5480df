// What the code samples of the Client package's README take for granted: scripts/check-samples
// compiles them with this file.

import ComposableArchitecture
import Foundation

/// The app's data folder (`--data DIR`).
let dataFolder = URL(fileURLWithPath: NSTemporaryDirectory())
/// The server the app was pointed at (`--server URL`), or `nil` for the embedded backend.
let serverURL: URL? = nil

/// A feature reading a client.
struct Feature: Reducer {
  struct State: Equatable {}
  enum Action: Equatable {}
  var body: some ReducerOf<Self> { EmptyReducer() }
}

/// An app's root feature.
typealias AppFeature = Feature
