/// swift-dependencies' report of a dependency read from a test without a test value of its own.
///
/// `name` is the dependency's key path (`date` for `\.date`) when the reader knows it; a key read
/// through its type alone is described by its key and value types.
func reportNoTestImplementation(key: Any.Type, value: Any.Type, name: String? = nil) {
  let dependency =
    key == value
    ? "  Dependency:\n    \(typeName(value))"
    : "  Key:\n    \(typeName(key))\n  Value:\n    \(typeName(value))"
  let (subject, override) =
    name.map { ("@Dependency(\\.\($0))", "'\($0)'") } ?? ("A dependency", "the dependency")
  reportIssue(
    """
    \(subject) has no test implementation, but was accessed from a test context:

    \(dependency)

    A live dependency in a test can reach the network, the disk or the clock. To fix, override \
    \(override) with a test value: in the test store's "withDependencies" closure \
    ("TestStore(initialState: …) { Feature() } withDependencies: { … }"), with \
    "withDependencies", or by implementing "testValue" on the key.
    """
  )
}
