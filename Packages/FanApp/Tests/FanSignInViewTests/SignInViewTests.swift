import FanSignIn
import FanSignInView
import FrommUI
import Testing

@MainActor
struct SignInViewTests {
  let view = SignInView()

  @Test func render_usernameStep_explainsRulesAndFocusesField() {
    let screen = view.render(SignInFeature.State(step: .username, error: "At least 3 characters."))

    #expect(
      screen.plainText(width: 60) == """
        fromm — Sign in
        ===============
        Read and reply to your artists

        Username: 3–20 characters: lowercase letters a–z, digits,
        '.' and '_'.
        > Username: e.g. minji_fan
        [!] At least 3 characters.
        [/signup] Create an account
        """)
    #expect(screen.prompt == InputPrompt(label: "Username"))
  }

  @Test func render_signUpPasswordStep_masksPasswordAndOffersBack() {
    let screen = view.render(
      SignInFeature.State(mode: .signUp, step: .password, username: "new_fan", isWorking: true))
    let text = screen.plainText()

    #expect(text.contains("fromm — Create a fan account"))
    #expect(text.contains("Password: 8–72 characters."))
    #expect(text.contains("(...) Creating your account"))
    #expect(text.contains("[/signin] I have an account  [/back] Change the username"))
    #expect(screen.prompt == InputPrompt(label: "Password", isSecure: true))
  }

  @Test func action_linesAnswerTheQuestionOnScreen() {
    let username = SignInFeature.State(step: .username)
    let password = SignInFeature.State(step: .password, username: "minji_fan")

    #expect(view.action(for: .line("minji_fan"), in: username) == .view(.usernameSubmitted("minji_fan")))
    #expect(view.action(for: .line("s3cret!!"), in: password) == .view(.passwordSubmitted("s3cret!!")))
    #expect(view.action(for: .line("anything"), in: SignInFeature.State()) == nil)
    #expect(view.action(for: InputEvent(line: "/signup"), in: username) == .view(.modeChanged(.signUp)))
    #expect(view.action(for: InputEvent(line: "/signin"), in: username) == .view(.modeChanged(.signIn)))
    #expect(view.action(for: InputEvent(line: "/back"), in: password) == .view(.backTapped))
    #expect(view.action(for: InputEvent(line: "/back"), in: username) == nil)
    #expect(view.action(for: InputEvent(line: "/dance"), in: username) == nil)
    #expect(view.startAction == .view(.task))
  }
}
