/// Reads the value at a key path of a store's state, by its offset when the path is made of
/// stored properties only.
///
/// Observers' values are read again after every send; projecting through a key path at run time
/// looks up the generic metadata of every step, which costs several times a whole send.
struct StateReader<Root, Value>: @unchecked Sendable {
  // @unchecked: the key path is immutable, and only read.
  private let keyPath: KeyPath<Root, Value>
  private let offset: Int?

  init(_ keyPath: KeyPath<Root, Value>) {
    self.keyPath = keyPath
    self.offset = MemoryLayout<Root>.offset(of: keyPath)
  }

  func callAsFunction(_ root: Root) -> Value {
    guard let offset else { return root[keyPath: keyPath] }
    return withUnsafePointer(to: root) { root in
      UnsafeRawPointer(root).advanced(by: offset).assumingMemoryBound(to: Value.self).pointee
    }
  }
}
