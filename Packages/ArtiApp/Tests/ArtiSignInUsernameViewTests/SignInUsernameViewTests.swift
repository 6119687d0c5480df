import ArtiSignInUsername
import ArtiSignInUsernameView
import ComposableArchitecture
import FrommUI
import Testing

struct SignInUsernameViewTests {
  let view = SignInUsernameView()

  @Test func render_accountFound_offersNextAsACommand() {
    let state = SignInUsernameFeature.State(username: "iu_official", inputState: .ok)
    #expect(
      view.render(state).plainText(width: 60) == """
        Sign in
        =======
        Enter your fromm artist ID

        > ID: iu_official
        Account found. Type /next to enter your password.
        [/next] Next  [b] Back
        """)
  }

  @Test func render_eachInputState_explainsItInPlace() {
    func text(_ inputState: SignInUsernameFeature.InputState) -> String {
      view.render(SignInUsernameFeature.State(username: "nobody", inputState: inputState)).plainText()
    }
    #expect(text(.empty).contains("3–20 characters"))
    #expect(text(.invalid(.tooShort)).contains("[!] At least 3 characters."))
    #expect(text(.checking).contains("Checking your ID"))
    #expect(text(.notFound).contains("No account is called \"nobody\""))
    #expect(text(.taken).contains("\"nobody\" is taken. Choose another ID"))
    #expect(
      text(.checkFailed("The server is down.")).contains("The server is down. Type /next to try again."))
    let newAccount = SignInUsernameFeature.State(isNewAccount: true)
    #expect(view.render(newAccount).plainText().contains("Create an artist account"))
  }

  @Test func input_lineIsTheSubmittedUsername_nextIsACommandOnlyWhenAllowed() {
    let ok = SignInUsernameFeature.State(username: "iu_official", inputState: .ok)
    let empty = SignInUsernameFeature.State()
    #expect(view.action(for: .line(" taeyeon "), in: empty) == .view(.usernameSubmitted(" taeyeon ")))
    #expect(view.action(for: .command(name: "next"), in: ok) == .view(.nextTapped))
    #expect(view.action(for: .command(name: "next"), in: empty) == nil)
    // A line here is an ID, never a key: `n` is checked (and refused) as one.
    #expect(view.action(for: .line("n"), in: ok) == .view(.usernameSubmitted("n")))
    #expect(view.action(for: .line(""), in: ok) == nil)
    #expect(view.action(for: .line("b"), in: empty) == .view(.backTapped))
    #expect(view.action(for: .command(name: "b"), in: ok) == .view(.backTapped))
  }
}
