import Foundation

/// Reads a JSON fixture from this test target's `Fixtures` folder.
func fixture(_ name: String) throws -> Data {
  guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Fixtures") else {
    throw FixtureMissing(name: name)
  }
  return try Data(contentsOf: url)
}

struct FixtureMissing: Error, CustomStringConvertible {
  let name: String
  var description: String { "fixture '\(name).json' is not in the test bundle's Fixtures folder" }
}
