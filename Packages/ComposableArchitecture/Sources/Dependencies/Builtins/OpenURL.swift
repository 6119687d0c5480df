import Foundation

/// Opens a URL outside the app: `await openURL(url)`, as TCA's `\.openURL`.
///
/// ```swift
/// @Dependency(\.openURL) var openURL
/// return .run { _ in await openURL(URL(string: "https://fromm.example/help")!) }
/// ```
///
/// The live value opens nothing and answers `false`: a terminal app on Linux has no system
/// handler to pass a URL to. An app that runs where URLs can be opened sets its own at launch
/// (`prepareDependencies { $0.openURL = OpenURLEffect { url in … } }`).
public struct OpenURLEffect: Sendable {
  private let handler: @Sendable (URL) async -> Bool

  /// An effect that opens URLs with `handler`, which says whether it opened one.
  public init(handler: @escaping @Sendable (URL) async -> Bool) {
    self.handler = handler
  }

  /// Opens `url`; `true` if it was opened.
  @discardableResult
  public func callAsFunction(_ url: URL) async -> Bool {
    await handler(url)
  }
}

extension DependencyValues {
  /// Opens URLs outside the app.
  public var openURL: OpenURLEffect {
    get { self[OpenURLKey.self] }
    set { self[OpenURLKey.self] = newValue }
  }
}

enum OpenURLKey: DependencyKey {
  static let liveValue = OpenURLEffect { _ in false }
  static var testValue: OpenURLEffect {
    OpenURLEffect { url in
      reportIssue(
        """
        Unimplemented: @Dependency(\\.openURL) …

          Invoked with:
            \(url.absoluteString)

        To fix, override "openURL" in the test: "$0.openURL = OpenURLEffect { _ in true }".
        """)
      return false
    }
  }
}
