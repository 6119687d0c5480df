import Foundation

/// How the apps show when a message was sent: `11-23 09:41`.
///
/// Short enough for the right edge of a list row; the year is left out because rooms show recent
/// messages.
public enum MessageTime {
  /// `date` as month, day, hours and minutes in `timeZone`: `MessageTime.format(sentAt, in: .current)`.
  public static func format(_ date: Date, in timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.month, .day, .hour, .minute], from: date)
    func two(_ value: Int?) -> String {
      let value = value ?? 0
      return value < 10 ? "0\(value)" : "\(value)"
    }
    return "\(two(parts.month))-\(two(parts.day)) \(two(parts.hour)):\(two(parts.minute))"
  }
}
