/// Where a store's state, or one member of it, sits in its root's ``StateMemory``: known when
/// every step from the root is a stored property (`MemoryLayout.offset(of:)`).
struct StateLocation {
  /// Held strongly: a reader of the location keeps the memory alive.
  let memory: StateMemory
  let offset: Int

  /// The value of type `Value` stored here.
  func read<Value>(_: Value.Type) -> Value {
    memory.base.advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
  }

  /// The location of the member at `keyPath` of the `Root` stored here, or `nil` when the path
  /// is not made of stored properties only.
  func appending<Root, Value>(_ keyPath: KeyPath<Root, Value>) -> StateLocation? {
    guard let offset = MemoryLayout<Root>.offset(of: keyPath) else { return nil }
    return StateLocation(memory: memory, offset: self.offset + offset)
  }
}
