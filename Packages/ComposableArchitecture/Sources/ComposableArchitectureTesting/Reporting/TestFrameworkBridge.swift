import Dependencies
import Foundation
import Synchronization
import Testing

#if canImport(XCTest)
import XCTest
#endif

/// Connects the `Dependencies` module, which apps link and so cannot link a test framework, to
/// the test framework running now: Swift Testing, or XCTest.
///
/// Found at run time by its name (``TestFramework/bridgeTypeName``), so that an issue reported before any
/// test store exists, or by code that never makes one, still fails the running test.
final class RunningTestFramework: TestFrameworkBridge {
  static let shared = RunningTestFramework()

  #if canImport(XCTest)
  private let xcTestObserver = XCTestCaseObserver()
  #endif

  private init() {
    #if canImport(XCTest)
    xcTestObserver.register()
    #endif
  }

  func recordFailure(_ message: String, at location: IssueLocation) -> Bool {
    if Test.current != nil {
      Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
      return true
    }
    #if canImport(XCTest)
    // XCTFail fails the test case running now and does nothing outside one. When the observer
    // was registered after the running test case started, it cannot vouch for one: the caller
    // then also reports the issue elsewhere, so that it is never lost.
    XCTFail("\(location.fileID):\(location.line): \(message)")
    return xcTestObserver.currentTestCase != nil
    #else
    return false
    #endif
  }

  /// The last Swift Testing test asked about, and its description: describing an id is slow,
  /// and every read of a dependency in a test asks.
  private let lastTest = Mutex<(id: Test.ID, description: String)?>(nil)

  var currentTestID: String? {
    if let test = Test.current {
      let id = test.id
      let description: String
      if let last = lastTest.withLock({ $0 }), last.id == id {
        description = last.description
      } else {
        description = "\(id)"
        lastTest.withLock { $0 = (id, description) }
      }
      // The cases of a parameterized test share its id, and run concurrently.
      guard let testCase = TestCaseIdentity.current else { return description }
      return description + " case " + testCase
    }
    #if canImport(XCTest)
    return xcTestObserver.currentTestCase
    #else
    return nil
    #endif
  }

  var isRunningTests: Bool { currentTestID != nil }
}

#if canImport(XCTest)
/// Follows XCTest's test cases, to know whether one is running and which.
private final class XCTestCaseObserver: NSObject, XCTestObservation, Sendable {
  private let current = Mutex<String?>(nil)

  var currentTestCase: String? { current.withLock { $0 } }

  /// Registers with XCTest. Darwin's XCTest accepts observers only on the main thread, and the
  /// bridge is first used from whatever thread reports first (an effect's), so there the
  /// registration moves to the main thread; swift-corelibs-xctest (Linux) takes it on any thread.
  func register() {
    #if canImport(Darwin)
    if Thread.isMainThread {
      MainActor.assumeIsolated { XCTestObservationCenter.shared.addTestObserver(self) }
    } else {
      DispatchQueue.main.async {
        MainActor.assumeIsolated { XCTestObservationCenter.shared.addTestObserver(self) }
      }
    }
    #else
    XCTestObservationCenter.shared.addTestObserver(self)
    #endif
  }

  func testCaseWillStart(_ testCase: XCTestCase) {
    let name = testCase.name
    current.withLock { $0 = name }
  }

  func testCaseDidFinish(_ testCase: XCTestCase) {
    current.withLock { $0 = nil }
  }
}
#endif
