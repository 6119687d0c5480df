import ComposableArchitecture
import Foundation
import Sharing
import Testing

/// A setting kept in app storage through its raw value.
enum Theme: String, AppStorageValue {
  case light, dark
}

@MainActor
struct SharedRequireTests {
  @Test func require_keyInUse_sharesTheValueInUse() throws {
    @Shared(.inMemory("count")) var count = 3
    let required = try Shared<Int>(require: .inMemory("count"))
    #expect(required.wrappedValue == 3)
    required.withLock { $0 += 1 }
    #expect(count == 4)
  }

  @Test func require_nothingSharedOrStored_throwsAndSharesNothing() {
    #expect(throws: SharedValueMissing.self) {
      try Shared<Int>(require: .inMemory("count"))
    }
    // The failed attempt left nothing behind: the next declaration starts from its default.
    @Shared(.inMemory("count")) var count = 7
    #expect(count == 7)
  }

  @Test func require_missing_saysWhatWasMissingAndHowToFixIt() {
    do {
      _ = try Shared<Int>(require: .inMemory("count"))
      Issue.record("expected an error")
    } catch {
      #expect(
        "\(error)" == """
          No Int is shared or stored under 'count'. To fix it, save a value under the key first, \
          or declare the shared value with a default: @Shared(…) var value = …
          """)
    }
  }

  @Test func require_fileStoredBeforeAnyDeclaration_loadsIt() throws {
    let url = URL(fileURLWithPath: "/tmp/profile.json")
    @Dependency(\.fileStorage) var storage
    try storage.write(Data("\"IU\"".utf8), url)
    let name = try Shared<String>(require: .fileStorage(url))
    #expect(name.wrappedValue == "IU")
    @Shared(.fileStorage(url)) var same = ""
    #expect(same == "IU")
  }

  @Test func require_emptyFile_throws() {
    #expect(throws: SharedValueMissing.self) {
      try Shared<String>(require: .fileStorage(URL(fileURLWithPath: "/tmp/none.json")))
    }
  }

  @Test func sharedReaderRequire_keyInUse_readsTheValue() throws {
    @Shared(.inMemory("names")) var names = ["IU"]
    let reader = try SharedReader<[String]>(require: .inMemory("names"))
    $names.withLock { $0.append("태연") }
    #expect(reader.wrappedValue == ["IU", "태연"])
  }
}

@MainActor
struct AppStorageKeyTests {
  @Test func appStorage_nothingStored_startsFromTheDefault_andSavesEachChange() {
    @Dependency(\.defaultAppStorage) var storage
    @Shared(.appStorage("isOn")) var isOn = false
    #expect(isOn == false)
    #expect(storage.value("isOn") == nil)
    $isOn.withLock { $0 = true }
    #expect(storage.value("isOn") as? Bool == true)
  }

  @Test func appStorage_valueStoredBefore_isLoaded() throws {
    @Dependency(\.defaultAppStorage) var storage
    storage.setValue(42, "count")
    @Shared(.appStorage("count")) var count = 0
    #expect(count == 42)
    #expect(try Shared<Int>(require: .appStorage("count")).wrappedValue == 42)
  }

  @Test func appStorage_eachType_roundTripsThroughStorage() {
    @Dependency(\.defaultAppStorage) var storage
    @Shared(.appStorage("double")) var double = 0.0
    @Shared(.appStorage("string")) var string = ""
    @Shared(.appStorage("data")) var data = Data()
    @Shared(.appStorage("date")) var date = Date(timeIntervalSince1970: 0)
    @Shared(.appStorage("theme")) var theme = Theme.light
    $double.withLock { $0 = 2.5 }
    $string.withLock { $0 = "밤편지" }
    $data.withLock { $0 = Data([1, 2]) }
    $date.withLock { $0 = Date(timeIntervalSince1970: 5) }
    $theme.withLock { $0 = .dark }
    #expect(storage.value("double") as? Double == 2.5)
    #expect(storage.value("string") as? String == "밤편지")
    #expect(storage.value("data") as? Data == Data([1, 2]))
    #expect(storage.value("date") as? Date == Date(timeIntervalSince1970: 5))
    #expect(storage.value("theme") as? String == "dark")
    #expect(Theme(appStorageValue: "dark") == .dark)
    #expect(Theme(appStorageValue: "sepia") == nil)
  }

  @Test func appStorage_optional_nilRemovesTheEntry() {
    @Dependency(\.defaultAppStorage) var storage
    @Shared(.appStorage("name")) var name: String? = nil
    $name.withLock { $0 = "IU" }
    #expect(storage.value("name") as? String == "IU")
    $name.withLock { $0 = nil }
    #expect(storage.value("name") == nil)
  }

  @Test func appStorage_valueOfAnotherType_isReported_andStartsFromTheDefault() {
    @Dependency(\.defaultAppStorage) var storage
    storage.setValue("yes", "isOn")
    let collector = IssueCollector()
    let isOn = withIssueReporter(collector) {
      @Shared(.appStorage("isOn")) var isOn = false
      return isOn
    }
    #expect(isOn == false)
    #expect(
      collector.messages.first?.hasPrefix("The app storage holds a String under 'isOn', not a Bool.") == true)
  }

  @Test func userDefaultsStorage_overUserDefaults_readsAndWritesTheSuite() throws {
    let suite = "fromm.tests.\(UUID().uuidString)"
    let defaults = try #require(UserDefaults(suiteName: suite))
    defer { defaults.removePersistentDomain(forName: suite) }
    let storage = UserDefaultsStorage.userDefaults(defaults)
    storage.setValue(true, "isOn")
    #expect(defaults.bool(forKey: "isOn"))
    #expect(storage.value("isOn") as? Bool == true)
    storage.setValue(nil, "isOn")
    #expect(defaults.object(forKey: "isOn") == nil)
  }
}
