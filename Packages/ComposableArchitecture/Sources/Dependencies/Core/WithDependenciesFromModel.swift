/// Runs `operation` with the dependencies `model` was made with, changed by `updateValues`, so
/// that a child made inside inherits its parent's dependencies.
///
/// ```swift
/// func detailButtonTapped() {
///   detail = withDependencies(from: self) {
///     DetailModel()
///   }
/// }
/// ```
///
/// The dependencies of `model` are those current when `withDependencies` returned it, and those
/// its ``Dependency`` properties captured when it was made; they win over the ones current at
/// the call.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: () throws -> R
) rethrows -> R {
  var values = DependencyValues.current.merging(capturedDependencies(of: model))
  try values.update(updateValues)
  return try DependencyValues.$current.withValue(values, operation: operation)
}

/// Runs `operation` with the dependencies `model` was made with.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  operation: () throws -> R
) rethrows -> R {
  try withDependencies(from: model, { _ in }, operation: operation)
}

/// Runs the asynchronous `operation` with the dependencies `model` was made with.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  operation: nonisolated(nonsending) () async throws -> R
) async rethrows -> R {
  try await withDependencies(from: model, isolation: isolation, { _ in }, operation: operation)
}

/// Runs the asynchronous `operation` with the dependencies `model` was made with, changed by
/// `updateValues`.
@discardableResult
public func withDependencies<Model: AnyObject, R>(
  from model: Model,
  isolation: isolated (any Actor)? = #isolation,
  _ updateValues: (inout DependencyValues) throws -> Void,
  operation: nonisolated(nonsending) () async throws -> R
) async rethrows -> R {
  var values = DependencyValues.current.merging(capturedDependencies(of: model))
  try values.update(updateValues)
  return try await DependencyValues.$current.withValueOnCallerActor(
    values, isolation: isolation, operation: operation)
}

/// What a ``Dependency`` captured when it was made, readable without knowing its value type.
protocol CapturedDependencies {
  var capturedValues: DependencyValues { get }
}

extension Dependency: CapturedDependencies {}

/// The overrides captured by every ``Dependency`` property of `model`, its superclasses'
/// included, later properties winning.
func capturedDependencies(of model: AnyObject) -> DependencyValues {
  var values = DependencyObjects.values(of: model) ?? DependencyValues()
  var mirror: Mirror? = Mirror(reflecting: model)
  var mirrors: [Mirror] = []
  while let current = mirror {
    mirrors.append(current)
    mirror = current.superclassMirror
  }
  // Superclasses first, so that a subclass's captures win.
  for mirror in mirrors.reversed() {
    for child in mirror.children {
      if let dependency = child.value as? any CapturedDependencies {
        values = values.merging(dependency.capturedValues)
      }
    }
  }
  return values
}
