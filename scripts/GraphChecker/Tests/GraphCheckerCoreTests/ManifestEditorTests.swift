import Foundation
import Testing

@testable import GraphCheckerCore

@Test func append_arrayClosingOnItsOwnLine_addsIndentedEntryAndMissingComma() throws {
  var editor = ManifestEditor(
    text: """
      let package = Package(
        name: "FanApp",
        targets: [
          .target(name: "FanChat", dependencies: [composable])  // the chat
          // more to come
        ]
      )
      """)
  try editor.append(".target(\n  name: \"FanNew\"\n)", to: .targets)
  #expect(
    editor.text == """
      let package = Package(
        name: "FanApp",
        targets: [
          .target(name: "FanChat", dependencies: [composable]),  // the chat
          // more to come
          .target(
            name: "FanNew"
          ),
        ]
      )
      """)
}

@Test func append_singleLineAndEmptyArrays_insertsBeforeTheBracket() throws {
  var editor = ManifestEditor(
    text: """
      let package = Package(
        name: "A", platforms: [.macOS(.v15)], products: [.library(name: "A", targets: ["A"])], dependencies: [],
        targets: [])
      """)
  try editor.append(".library(name: \"B\", targets: [\"B\"])", to: .products)
  try editor.append(".package(path: \"../Platform\")", to: .dependencies)
  try editor.append(".target(name: \"B\")", to: .targets)
  #expect(
    editor.text == """
      let package = Package(
        name: "A", platforms: [.macOS(.v15)], products: [.library(name: "A", targets: ["A"]), .library(name: "B", targets: ["B"])], dependencies: [ .package(path: "../Platform")],
        targets: [ .target(name: "B")])
      """)
}

@Test func append_dependencyAlreadyDeclared_isSkipped() throws {
  var editor = ManifestEditor(
    text: "let package = Package(\n  dependencies: [.package(path: \"../Platform\")]\n)")
  #expect(try editor.append(".package( path: \"../Platform\" )", to: .dependencies) == false)
  #expect(editor.text == "let package = Package(\n  dependencies: [.package(path: \"../Platform\")]\n)")
}

@Test func append_arrayMissingOrNotALiteral_throwsWithTheEntry() {
  var editor = ManifestEditor(text: "let package = Package(\n  name: \"A\",\n  targets: allTargets\n)")
  #expect {
    try editor.append(".target(name: \"B\")", to: .targets)
  } throws: { error in
    "\(error)"
      == "cannot find a literal `targets: [ … ]` array in the Package( call; add this by hand:\n.target(name: \"B\")"
  }
}

@Test func editManifestCommand_afterRoot_editsTheFileAndCountsEntries() throws {
  let url = FileManager.default.temporaryDirectory.appendingPathComponent(
    "Package-\(UUID().uuidString).swift")
  defer { try? FileManager.default.removeItem(at: url) }
  try "let package = Package(\n  products: [],\n  targets: []\n)\n".write(
    to: url, atomically: true, encoding: .utf8)
  let result = try GraphCommand(
    arguments: [
      "--root", "/nonexistent", "edit-manifest", url.path, "--product",
      ".library(name: \"A\", targets: [\"A\"])",
      "--target", ".target(name: \"A\")",
    ]
  ).run()
  #expect(result.output == "added 2 entries to \(url.path)")
  #expect(
    try String(contentsOf: url, encoding: .utf8)
      == "let package = Package(\n  products: [ .library(name: \"A\", targets: [\"A\"])],\n  targets: [ .target(name: \"A\")]\n)\n"
  )
}
