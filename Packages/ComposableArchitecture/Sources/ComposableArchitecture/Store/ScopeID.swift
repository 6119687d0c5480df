/// Names a scoped store by the paths it was scoped along, so its parent can hand out the same
/// store each time.
struct ScopeID: Hashable {
  let state: AnyKeyPath
  let action: AnyKeyPath
  /// Whether the store is the non-optional view of an optional child state.
  let isOptional: Bool
}
