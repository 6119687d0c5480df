import Foundation

/// Writes to the process's standard output and standard error by file descriptor.
///
/// C's `stdout`/`stderr` globals are shared mutable state that Swift 6 refuses to touch from
/// concurrent code; writing to the descriptors directly is safe from any thread and unbuffered.
public enum StandardStreams {
  /// Writes `text` to standard output.
  public static func writeOutput(_ text: String) { write(text, to: 1) }

  /// Writes `text` to standard error.
  public static func writeError(_ text: String) { write(text, to: 2) }

  static func write(_ text: String, to descriptor: Int32) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return  // A closed pipe: nothing useful to do with the text.
      }
      offset += written
    }
  }
}

/// The C library's `write(2)`, named apart from ``StandardStreams/write(_:to:)``, which hides it
/// inside the enum; the same call on Glibc and Darwin, so no platform branch.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
