import Testing

@testable import FrommUI

struct ListItemTests {
  @Test func plainRow_holdsTitleLabelDetailAndOneReference_notFiveStrings() {
    // A room's screen holds a row per message: the rare marker and highlight share one
    // reference, left empty on a plain row.
    #expect(MemoryLayout<ListItem>.size == 3 * MemoryLayout<String?>.size + MemoryLayout<Int>.size)
  }

  @Test func markerAndHighlight_setAndClearedOneAtATime_keepTheOther() {
    var row = ListItem("hello", label: "IU", marker: "new")
    row.highlight = "ell"
    #expect(row.marker == "new" && row.highlight == "ell")
    row.marker = nil
    #expect(row.marker == nil && row.highlight == "ell")
    row.highlight = nil
    #expect(row == ListItem("hello", label: "IU"))
    #expect(ListItem("a", marker: "m") != ListItem("a", highlight: "m"))
  }
}
