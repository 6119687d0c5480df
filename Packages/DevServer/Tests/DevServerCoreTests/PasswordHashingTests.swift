import Testing

@testable import DevServerCore

@Suite struct PasswordHashingTests {
  @Test func scrypt_matchesRFC7914TestVectors() {
    let empty = Scrypt.derive(password: [], salt: [], logN: 4, r: 1, p: 1, length: 64)
    #expect(
      PasswordHasher.hex(empty)
        == "77d6576238657b203b19ca42c18a0497f16b4844e3074ae8dfdffa3fede21442fcd0069ded0948f8326a753a0fc81f17e8d3e0fb2e0d3628cf35e20c38d18906"
    )
    let password = Scrypt.derive(
      password: Array("password".utf8), salt: Array("NaCl".utf8), logN: 10, r: 8, p: 16, length: 64)
    #expect(
      PasswordHasher.hex(password)
        == "fdbabe1c9d3472007856e7190d01e9fe7c6ad7cbc8237830e77376634b3731622eaf30d92e22a3886ff109279d9830dac727afb94a83ee6d8360cbdfa2cc0640"
    )
  }

  @Test func sha256_matchesTheKnownDigest() {
    #expect(
      PasswordHasher.hex(SystemCrypto.sha256(Array("abc".utf8)))
        == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  }

  @Test func scryptHasher_storesItsNameAndParameters_andVerifiesOnlyTheRightPassword() throws {
    let hasher = PasswordHasher(cost: 1, algorithm: .scrypt)
    let stored = try hasher.hash("fromm-demo-1")
    #expect(stored.hasPrefix("$scrypt$ln=4,r=8,p=1$"))
    #expect(hasher.verify("fromm-demo-1", against: stored))
    #expect(!hasher.verify("fromm-demo-2", against: stored))
    #expect(!hasher.verify("fromm-demo-1", against: stored.replacingOccurrences(of: "ln=4", with: "ln=5")))
  }

  @Test func eitherHasher_verifiesHashesOfBothFormats() throws {
    let scrypt = PasswordHasher(cost: 1, algorithm: .scrypt)
    let platform = PasswordHasher(cost: 1)
    let fromScrypt = try scrypt.hash("longenough")
    let fromPlatform = try platform.hash("longenough")
    #expect(platform.verify("longenough", against: fromScrypt))
    #expect(scrypt.verify("longenough", against: fromPlatform))
  }

  @Test(arguments: ["$scrypt$", "$scrypt$ln=99,r=8,p=1$00$00", "$scrypt$ln=4,r=8,p=1$zz$00", "*0"])
  func malformedStoredHash_neverVerifies(stored: String) {
    #expect(!PasswordHasher(cost: 1).verify("anything", against: stored))
  }
}
