/// Runs `operation` with the current dependencies changed by `updateValues`.
///
/// ```swift
/// let facts = withDependencies {
///   $0.numberFact.fetch = { "\($0) is a test number." }
/// } operation: {
///   NumberFactModel()
/// }
/// ```
///
/// The change is scoped: code after the call, and other tasks, keep seeing the old values.
@discardableResult
public func withDependencies<R>(
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current
  try values.update(updateValues)
  let result = try DependencyValues.$current.withValue(values, operation: operation)
  DependencyObjects.store(result, madeWith: values)
  return result
}

/// Runs the asynchronous `operation` with the current dependencies changed by `updateValues`.
///
/// Child tasks of `operation`, and unstructured tasks it creates, see the changed values too.
@discardableResult
public func withDependencies<R>(
  isolation: isolated (any Actor)? = #isolation,
  _ updateValues: (inout DependencyValues) async throws -> Void,
  operation: nonisolated(nonsending) () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current
  try await DependencyValues.$isSetting.withValue(true) { try await updateValues(&values) }
  let result = try await DependencyValues.$current.withValueOnCallerActor(
    values, isolation: isolation, operation: operation)
  DependencyObjects.store(result, madeWith: values)
  return result
}

/// Runs `operation` with exactly `values` as the current dependencies.
///
/// Stores and effects use this to carry the values they captured into other tasks.
package func withDependencyValues<R>(_ values: DependencyValues, operation: () throws -> R) rethrows -> R {
  // Already current (a copy of the same values): binding them again would cost a task-local
  // scope and change nothing.
  if DependencyValues.current.identity == values.identity { return try operation() }
  return try DependencyValues.$current.withValue(values, operation: operation)
}

/// Runs the asynchronous `operation` with exactly `values` as the current dependencies.
package func withDependencyValues<R>(
  _ values: DependencyValues,
  isolation: isolated (any Actor)? = #isolation,
  operation: nonisolated(nonsending) () async throws -> R
) async rethrows -> R {
  if DependencyValues.current.identity == values.identity { return try await operation() }
  return try await DependencyValues.$current.withValueOnCallerActor(
    values, isolation: isolation, operation: operation)
}

extension DependencyValues {
  /// The dependencies current in this task.
  package static var currentValues: DependencyValues { current }
}
