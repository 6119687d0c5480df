/// A type declaration or extension found in a source file, with what the generator needs of it.
struct Declaration: Equatable, Sendable {
  /// What kind of declaration it is.
  enum Kind: String, Equatable, Sendable {
    case `struct`, `enum`, `class`, `actor`, `protocol`, `extension`
  }

  var kind: Kind
  /// The full name's parts, outermost first: `["FanAppFeature", "Destination", "State"]`.
  var path: [String]
  /// `public`, `package`, `private`, `fileprivate`, or `nil` for internal.
  var access: String?
  /// The inheritance clause, one entry per protocol or superclass, as written.
  var inherited: [String]
  /// Whether the type has generic parameters (the generator does not handle those).
  var isGeneric: Bool
  /// The `// codegen: …` markers right above the declaration.
  var markers: [String]
  /// 1-based line of the declaration's keyword.
  var line: Int
  /// Offset of the closing brace of the body.
  var bodyEnd: Int
  /// The enum's cases, in order.
  var cases: [EnumCase]
  /// The stored instance properties (`var`/`let` without a body), in order.
  var properties: [Property]
  /// Names of the types declared directly inside the body.
  var nestedTypes: [String]

  /// The full name: `FanAppFeature.Destination.State`.
  var name: String { path.joined(separator: ".") }
  /// The name as DocC links it: `FanAppFeature/Destination/State`.
  var docName: String { path.joined(separator: "/") }
  /// The access modifier to repeat on generated members, with a trailing space ("" for internal).
  var accessPrefix: String { access.map { "\($0) " } ?? "" }
}

/// One case of an enum.
struct EnumCase: Equatable, Sendable {
  /// One element of a case's payload.
  struct Element: Equatable, Sendable {
    /// The label, or `nil` when unlabeled.
    var label: String?
    /// The element's type as written.
    var type: String
  }

  var name: String
  var payload: [Element]
  var line: Int

  /// The payload as one type: `Void`, the single element's type, or a tuple.
  var valueType: String {
    switch payload.count {
    case 0: "Void"
    case 1: payload[0].type
    default: "(" + payload.map { ($0.label.map { "\($0): " } ?? "") + $0.type }.joined(separator: ", ") + ")"
    }
  }
}

/// A stored property of a client struct: one endpoint.
struct Property: Equatable, Sendable {
  var name: String
  var type: String
  var line: Int
  /// The `// codegen: placeholder EXPR` given above the property, if any.
  var placeholder: String?
}
