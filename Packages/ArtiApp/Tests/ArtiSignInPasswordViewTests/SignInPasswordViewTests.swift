import ArtiSignInPassword
import ArtiSignInPasswordView
import CommonDataModels
import FrommUI
import Testing

struct SignInPasswordViewTests {
  let view = SignInPasswordView()

  @Test func render_typedPassword_isMasked() {
    let state = SignInPasswordFeature.State(
      username: "iu_official", password: "fromm-demo-1", error: .wrongPassword)
    let text = view.render(state).plainText()
    #expect(!text.contains("fromm-demo-1"))
    #expect(text.contains("************"))
    #expect(text.contains("Password for iu_official"))
    #expect(text.contains("[!] The username or password is wrong. Check the password and try again."))
  }

  @Test func render_signingIn_showsProgressInsteadOfError() {
    let state = SignInPasswordFeature.State(username: "iu_official", isSigningIn: true, error: .wrongPassword)
    let text = view.render(state).plainText()
    #expect(text.contains("Signing in"))
    #expect(!text.contains("[!]"))
  }

  @Test func render_newAccount_saysItIsCreatingOne() {
    let state = SignInPasswordFeature.State(username: "new_artist", isNewAccount: true, isSigningIn: true)
    let text = view.render(state).plainText()
    #expect(text.contains("Create an artist account"))
    #expect(text.contains("A password for new_artist"))
    #expect(text.contains("Creating your account"))
  }

  @Test func input_lineSubmitsPassword_bGoesBack_emptyLineIsIgnored() {
    let state = SignInPasswordFeature.State(username: "iu_official")
    #expect(view.action(for: .line("fromm-demo-1"), in: state) == .view(.passwordSubmitted("fromm-demo-1")))
    #expect(view.action(for: .line("b"), in: state) == .view(.backTapped))
    #expect(view.action(for: .line(""), in: state) == nil)
    let busy = SignInPasswordFeature.State(username: "iu_official", isSigningIn: true)
    #expect(view.action(for: .line("again-and-again"), in: busy) == nil)
  }

  @Test func signInError_notAnArtist_pointsToTheFanApp() {
    #expect(SignInError.notAnArtist.message.contains("fan app"))
    #expect(SignInError(.unauthorized("x")) == .wrongPassword)
    #expect(SignInError(.rejected(code: "forbidden", message: "Suspended.")) == .locked("Suspended."))
    #expect(SignInError(.timeout) == .unknown(APIError.timeout.message))
  }
}
