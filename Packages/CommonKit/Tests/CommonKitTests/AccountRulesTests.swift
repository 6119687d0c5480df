import CommonKit
import Testing

@Suite struct AccountRulesTests {
  @Test(arguments: [
    ("", UsernameProblem.empty),
    ("ab", .tooShort),
    (String(repeating: "a", count: 21), .tooLong),
    ("Fan1", .invalidCharacters),
    ("팬이름", .invalidCharacters),
    ("a b", .invalidCharacters),
  ])
  func validateUsername_invalidInput_namesTheProblem(input: String, problem: UsernameProblem) {
    #expect(AccountRules.validateUsername(input) == .invalid(problem))
  }

  @Test(arguments: ["abc", "iu_official", "fan.01", String(repeating: "z", count: 20)])
  func validateUsername_validInput_isValid(input: String) {
    #expect(AccountRules.validateUsername(input) == .valid)
  }

  @Test func validatePassword_boundaries() {
    #expect(AccountRules.validatePassword("") == .invalid(.empty))
    #expect(AccountRules.validatePassword("1234567") == .invalid(.tooShort))
    #expect(AccountRules.validatePassword("12345678") == .valid)
    #expect(AccountRules.validatePassword(String(repeating: "x", count: 73)) == .invalid(.tooLong))
    // Multi-byte characters count by bytes, since hashing limits are in bytes.
    #expect(AccountRules.validatePassword(String(repeating: "가", count: 25)) == .invalid(.tooLong))
  }

  @Test func validateText_blankAndLong() {
    #expect(AccountRules.validateDisplayName("   ") == .invalid(.empty))
    #expect(AccountRules.validateStatusMessage("") == .valid)
    #expect(MessageRules.validate(String(repeating: "a", count: 501)) == .invalid(.tooLong(maxLength: 500)))
    #expect(MessageRules.remaining("안녕") == 498)
  }

  @Test func problems_haveMessages() {
    #expect(UsernameProblem.tooShort.message == "At least 3 characters.")
    #expect(TextProblem.tooLong(maxLength: 5).message == "At most 5 characters.")
  }

  @Test func trimmingWhitespace_removesBothEnds() {
    #expect("  hi there \n".trimmingWhitespace() == "hi there")
    #expect(" \t ".trimmingWhitespace() == "")
  }
}
