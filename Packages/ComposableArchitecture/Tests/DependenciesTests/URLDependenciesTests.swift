import Foundation
import Testing

@testable import Dependencies

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

struct URLDependenciesTests {
  @Test func openURL_notOverriddenInATest_reportsAndOpensNothing() async {
    let collector = IssueCollector()
    let opened = await withIssueReporter(collector) {
      await DependencyValues()[OpenURLKey.self](URL(string: "https://fromm.example/help")!)
    }
    #expect(!opened)
    #expect(collector.messages.count == 1)
    #expect(
      collector.messages.first?.hasPrefix(
        "Unimplemented: @Dependency(\\.openURL) …\n\n  Invoked with:\n    https://fromm.example/help")
        == true)
  }

  @Test func openURL_overridden_runsTheOverride() async {
    let opened = LockIsolated<[URL]>([])
    let url = URL(string: "https://fromm.example")!
    let didOpen = await withDependencies {
      $0.openURL = OpenURLEffect { url in
        opened.withValue { $0.append(url) }
        return true
      }
    } operation: {
      @Dependency(\.openURL) var openURL
      return await openURL(url)
    }
    #expect(didOpen)
    #expect(opened.value == [url])
  }

  @Test func openURL_live_opensNothing() async {
    #expect(await OpenURLKey.liveValue(URL(string: "https://fromm.example")!) == false)
  }

  @Test func urlSession_inATest_isNotTheSharedSessionAndAnswersNothingItself() {
    let session = DependencyValues()[URLSessionKey.self]
    #expect(session !== URLSession.shared)
    #expect(
      session.configuration.protocolClasses?.contains { $0 == UnimplementedURLProtocol.self } == true)
    #expect(URLSessionKey.liveValue === URLSession.shared)
  }
}
