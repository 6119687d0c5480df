import Testing

@testable import GraphCheckerCore

@Test func imports_commentsAndStrings_areIgnored() {
  let source = """
    // import CommentedOut
    /* import Block /* nested */ import StillBlock */
    let text = \"\"\"
      import InMultilineString
      \"\"\"
    let raw = #"import InRawString"#
    @testable import CommonKit
    import struct AuthDataModels.User
    @_exported public import Dependencies
    #if canImport(FrommUI)
    #endif
    """
  let found = ImportScanner.imports(in: source)
  #expect(found.map(\.module) == ["CommonKit", "AuthDataModels", "Dependencies", "FrommUI"])
  #expect(found.map(\.line) == [7, 8, 9, 10])
  #expect(found.last?.isCanImport == true)
}

@Test func pattern_wildcards_matchPrefixAndSuffix() {
  #expect(Pattern.matches("*ClientLive", "AuthClientLive"))
  #expect(!Pattern.matches("*ClientLive", "AuthClient"))
  #expect(Pattern.matches("Fan*", "FanChat"))
  #expect(!Pattern.matches("fan", "FanChat"))
}

@Test func imports_twoOnOneLine_afterAStatement_andSplitOverLines_areAllFound() {
  let source = """
    import CommonKit; import AuthClient
    let x = 1; @testable import FanChat
    import
      struct
      ProfileClient.Profile
    @_spi(Internals)
    public import Dependencies
    let value = x.import
    """
  let found = ImportScanner.imports(in: source)
  #expect(found.map(\.module) == ["CommonKit", "AuthClient", "FanChat", "ProfileClient", "Dependencies"])
  #expect(found.map(\.line) == [1, 1, 2, 3, 6])
}

@Test func imports_canImportOutsideACondition_isNotAnImport() {
  let found = ImportScanner.imports(in: "let canImport = 1\n#if os(Linux) || canImport(Glibc)\n#endif\n")
  #expect(found == [ImportStatement(module: "Glibc", line: 2, isCanImport: true)])
}

@Test func portability_availabilityScopes_areFollowedByBraces() {
  let source = """
    if #available(macOS 26, iOS 26, *) {
      Task.immediate {}
    } else {
      Task.immediate {}
    }
    #if canImport(Glibc)
    let a = Glibc.close(1)
    #elseif os(macOS)
    let b = Darwin.close(1)
    #endif
    let c = Glibc.close(1)
    """
  let uses = PortabilityScanner.uses(
    in: source, gated: ["Task.immediate"], platformOnly: ["Glibc", "Darwin"])
  #expect(uses.map(\.line) == [2, 4, 7, 9, 11])
  #expect(uses[0].guarded == ["macOS": Version("26")!, "iOS": Version("26")!])
  #expect(uses[1].guarded == [:])
  #expect(uses.map(\.insidePlatformCheck) == [false, false, true, true, false])
}

@Test func portabilityScanner_canImportOfASystemLibraryTarget_countsAsAPlatformCheck() {
  let source = """
    #if canImport(CLibCrypto)
    _ = EVP_sha256()
    #elseif canImport(CommonCrypto)
    _ = CC_SHA256(nil, 0, nil)
    #endif
    _ = CC_SHA256(nil, 0, nil)
    #if DEBUG
    _ = CC_SHA256(nil, 0, nil)
    #endif
    """
  let uses = PortabilityScanner.uses(in: source, gated: [], platformOnly: ["CC_SHA256"])
  #expect(uses.map(\.line) == [4, 6, 8])
  #expect(uses.map(\.insidePlatformCheck) == [true, false, false])
}

@Test func imports_afterMultiByteCharactersInCodeCommentsAndStrings_keepTheirLines() {
  let source = """
    let café = "naïve → \\(1)" // ünïcödé
    /* 🎵 */ import CommonKit; let π = 3.14
    let s = #"🎵 import NotAnImport"#
    import AuthClient
    """
  let found = ImportScanner.imports(in: source)
  #expect(found.map(\.module) == ["CommonKit", "AuthClient"])
  #expect(found.map(\.line) == [2, 4])
  #expect(ImportScanner.tokens("let café = 1").map(\.text) == ["let", "café", "=", "1"])
}

@Test func dependentsIndex_declaredImportedAndRunModules_listsEachDependentOnce() {
  func module(
    _ name: String, dependencies: [String] = [], imports: [String] = [], runs: [String] = []
  )
    -> Module
  {
    var module = Module(
      name: name, package: "P", packageDir: "Packages/P", path: "Packages/P/Sources/\(name)", kind: .library,
      layer: nil, dependencies: dependencies,
      uses: imports.map { Module.Use(module: $0, file: "\(name).swift", line: 1, isCanImport: false) }
        + [Module.Use(module: "Optional", file: "\(name).swift", line: 2, isCanImport: true)])
    module.runsModules = runs
    return module
  }
  let graph = ModuleGraph(
    modules: [
      module("Core"),
      module("Feature", dependencies: ["Core"], imports: ["Core"]),
      module("App", dependencies: ["Feature"], imports: ["Core"]),
      module("AppTests", runs: ["App"]),
    ],
    remoteDependencies: [])

  let index = graph.dependentsIndex()

  #expect(index["Core"] == ["Feature", "App"])
  #expect(index["Feature"] == ["App"])
  #expect(index["App"] == ["AppTests"])
  #expect(index["Optional"] == nil)
  #expect(graph.transitiveDependents(of: ["Feature"]) == ["Feature", "App", "AppTests"])
}
