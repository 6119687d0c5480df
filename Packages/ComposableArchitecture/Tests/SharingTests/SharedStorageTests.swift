import ComposableArchitecture
import ComposableArchitectureTesting
import Foundation
import Sharing
import Testing

@MainActor
@Suite struct SharedStorageTests {
  let url = URL(fileURLWithPath: "/profile.json")

  @Test func inMemory_sameKey_sharesOneValue() {
    @Shared(.inMemory("name")) var first = "first default"
    @Shared(.inMemory("name")) var second = "second default"
    #expect(second == "first default")
    first = "changed"
    #expect(second == "changed")
  }

  @Test func withLock_operationReadsTheSameValue_changesIt() {
    @Shared(.inMemory("count")) var count = 1
    $count.withLock { $0 = count + 1 }
    #expect(count == 2)
  }

  @Test func fileStorage_concurrentChanges_allKeptAndTheLastSaved() async throws {
    let storage = FileStorage.inMemory()
    let url = URL(fileURLWithPath: "/count.json")
    let count = withDependencies {
      $0.fileStorage = storage
    } operation: {
      Shared(wrappedValue: 0, .fileStorage(url))
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<100 { group.addTask { count.withLock { $0 += 1 } } }
    }
    #expect(count.wrappedValue == 100)
    let saved = try #require(try storage.read(url))
    #expect(String(decoding: saved, as: UTF8.self) == "100")
  }

  @Test func inMemory_eachTest_startsFromTheDefault() {
    // Another test sets "name" to "changed"; each test has its own shared values.
    @Shared(.inMemory("name")) var name = "mine"
    #expect(name == "mine")
  }

  @Test func fileStorage_fileExists_isLoadedOnFirstAccess() throws {
    let storage = FileStorage.inMemory()
    try storage.write(Data(#"{"name":"Blob"}"#.utf8), url)
    let state = withDependencies {
      $0.fileStorage = storage
    } operation: {
      ProfileEditor.State(url: url)
    }
    #expect(state.profile == Profile(name: "Blob"))
  }

  @Test func fileStorage_change_isSavedAsJSON() async throws {
    let storage = FileStorage.inMemory()
    let store = TestStore(initialState: ProfileEditor.State(url: url)) {
      ProfileEditor()
    } withDependencies: {
      $0.fileStorage = storage
    }
    await store.send(.nameChanged("Blob Jr.")) { $0.profile.name = "Blob Jr." }
    let saved = try #require(try storage.read(url))
    #expect(String(decoding: saved, as: UTF8.self) == #"{"name":"Blob Jr."}"#)
  }

  @Test func fileStorage_corruptFile_reportsKeepsFileAsideAndStartsFromDefault() throws {
    let storage = FileStorage.inMemory()
    try storage.write(Data("not json".utf8), url)
    let issues = IssueCollector()
    let profile = withIssueReporter(issues) {
      withDependencies {
        $0.fileStorage = storage
      } operation: {
        ProfileEditor.State(url: url).profile
      }
    }
    #expect(profile == Profile(name: "Anonymous"))
    #expect(issues.messages.count == 1)
    #expect(
      issues.messages.first?.hasPrefix("The file '/profile.json' does not hold a valid Profile") == true)
    #expect(issues.messages.first?.contains("moved to '/profile.json.corrupt'") == true)
    #expect(try storage.read(url.appendingPathExtension("corrupt")) == Data("not json".utf8))
    #expect(try storage.read(url) == nil)
  }

  @Test func fileStorage_onDisk_survivesANewProcessWorthOfReferences() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("SharedStorageTests-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("nested/profile.json")
    withDependencies {
      $0.fileStorage = .live
    } operation: {
      @Shared(.fileStorage(url)) var profile = Profile(name: "Anonymous")
      profile.name = "Saved"
    }
    // A new set of references reads the file again, as the next launch would.
    let reloaded = withDependencies {
      $0.fileStorage = .live
      $0.context = .preview
    } operation: {
      @Shared(.fileStorage(url)) var profile = Profile(name: "Anonymous")
      return profile
    }
    #expect(reloaded == Profile(name: "Saved"))
  }
}

/// The cases of a parameterized test run concurrently under one test id; each must get its own
/// shared values, as separate tests do.
@Suite struct ParameterizedSharedStateTests {
  @Test(arguments: ["first", "second", "third", "fourth"])
  func inMemory_eachCaseOfAParameterizedTest_startsFromTheDefault(_ name: String) async {
    @Shared(.inMemory("name")) var shared = "default"
    #expect(shared == "default")
    shared = name
    await Task.yield()
    #expect(shared == name)
  }

  @MainActor
  @Test(arguments: 1...3)
  func testStore_eachCaseOfAParameterizedTest_seesOnlyItsOwnSharedChanges(_ taps: Int) async {
    let store = TestStore(initialState: SharedCounter.State()) { SharedCounter() }
    for tap in 1...taps {
      await store.send(.incrementButtonTapped) { $0.count = tap }
    }
  }
}
