import Foundation
import FrommUI
import Testing

struct MessageTimeTests {
  // 1_795_000_000 is 2026-11-18 11:06:40 UTC.
  let date = Date(timeIntervalSince1970: 1_795_000_000)

  @Test func format_inUTC_isMonthDayHoursMinutesZeroPadded() {
    #expect(MessageTime.format(date, in: .gmt) == "11-18 11:06")
  }

  @Test func format_inAnotherTimeZone_showsItsLocalTimeAndDay() {
    let seoul = TimeZone(identifier: "Asia/Seoul") ?? .gmt
    let honolulu = TimeZone(identifier: "Pacific/Honolulu") ?? .gmt
    #expect(MessageTime.format(date, in: seoul) == "11-18 20:06")
    #expect(MessageTime.format(date.addingTimeInterval(-11 * 3600), in: honolulu) == "11-17 14:06")
  }
}
