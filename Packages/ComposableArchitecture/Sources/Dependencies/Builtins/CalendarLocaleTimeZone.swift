import Foundation

extension DependencyValues {
  /// The calendar to compute dates with: the user's current one in apps.
  ///
  /// Tests must set it (`$0.calendar = Calendar(identifier: .gregorian)`), or results would
  /// depend on the machine that runs them.
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The locale to format with: the user's current one in apps; tests must set it.
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The time zone to show times in: the user's current one in apps; tests must set it.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }
}

enum CalendarKey: DependencyKey {
  static let liveValue = Calendar.autoupdatingCurrent
  static var testValue: Calendar {
    reportNoTestImplementation(key: Self.self, value: Calendar.self, name: "calendar")
    return Calendar(identifier: .gregorian)
  }
}

enum LocaleKey: DependencyKey {
  static let liveValue = Locale.autoupdatingCurrent
  static var testValue: Locale {
    reportNoTestImplementation(key: Self.self, value: Locale.self, name: "locale")
    return Locale(identifier: "en_US_POSIX")
  }
}

enum TimeZoneKey: DependencyKey {
  static let liveValue = TimeZone.autoupdatingCurrent
  static var testValue: TimeZone {
    reportNoTestImplementation(key: Self.self, value: TimeZone.self, name: "timeZone")
    return TimeZone(secondsFromGMT: 0) ?? .current
  }
}
