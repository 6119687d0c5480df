import Testing

/// Tells the cases of one parameterized Swift Testing test apart, so that each case gets its own
/// test values of dependencies (and so its own shared state), as each test does.
///
/// Swift Testing runs the cases of a parameterized test concurrently under one `Test.ID` and
/// does not make a case's identity public. A case is described by its arguments (their
/// identities, as Swift Testing encodes them) and its discriminator, which tells repeated
/// arguments apart; both are read through reflection. Should a later Swift Testing store them
/// otherwise, the case's full description, which holds the same information, stands in.
enum TestCaseIdentity {
  /// The identity of the running case of a parameterized test; `nil` for any other test.
  static var current: String? {
    guard let testCase = Test.Case.current, testCase.isParameterized else { return nil }
    return identity(of: testCase)
  }

  static func identity(of testCase: Test.Case) -> String {
    if let kind = Mirror(reflecting: testCase).descendant("_kind"),
      let payload = Mirror(reflecting: kind).children.first?.value,
      let arguments = Mirror(reflecting: payload).descendant("arguments") as? [Any],
      let discriminator = Mirror(reflecting: payload).descendant("discriminator") as? Int
    {
      let ids = arguments.compactMap { Mirror(reflecting: $0).descendant("id", "bytes") as? [UInt8] }
      if ids.count == arguments.count {
        return ids.map { $0.map(String.init).joined(separator: ",") }.joined(separator: ";")
          + "#\(discriminator)"
      }
    }
    return String(reflecting: testCase)
  }
}
