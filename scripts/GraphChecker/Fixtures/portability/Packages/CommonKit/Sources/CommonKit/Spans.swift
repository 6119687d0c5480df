/// Above the declared platforms and found only through the toolchain's interfaces: `utf8Span`
/// is `@available(macOS 26.0, iOS 26.0, …)` in the Swift module's `.swiftinterface`.
func asciiCount(_ text: String) -> Int {
  text.utf8Span.count
}
