import AuthClient
import AuthDataModels
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import FanAppTestSupport
import FanProfile
import ProfileClient
import ProfileDataModels
import Synchronization
import Testing

@MainActor
struct ProfileLoadTests {
  @Test func task_success_showsProfile() async {
    let store = TestStore(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.profile = { .minji() }
    }

    await store.send(.view(.task)) { $0.isLoading = true }
    await store.receive(.profileResponse(.success(.minji()))) {
      $0.isLoading = false
      $0.profile = .minji()
    }
  }

  @Test func task_failure_explainsHowToRetry() async {
    let store = TestStore(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.profile = { throw APIError.timeout }
    }

    await store.send(.view(.task)) { $0.isLoading = true }
    await store.receive(.profileResponse(.failure(.timeout))) {
      $0.isLoading = false
      $0.error =
        "Could not load your profile: The server took too long to answer. Try again in a moment."
    }
  }
}

@MainActor
struct ProfileNicknameTests {
  @Test func editAndSave_success_showsNewNickname() async {
    let requests = Mutex<[UpdateProfileRequest]>([])
    let store = TestStore(initialState: ProfileFeature.State(profile: .minji())) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.update = { request in
        requests.withLock { $0.append(request) }
        return .minji(request.displayName ?? "")
      }
    }

    await store.send(.view(.editTapped)) { $0.isEditing = true }
    await store.send(.view(.nicknameSubmitted("  민지 💜 "))) {
      $0.draft = "민지 💜"
      $0.isSaving = true
    }
    await store.receive(.saveResponse(.success(.minji("민지 💜")))) {
      $0.isSaving = false
      $0.isEditing = false
      $0.draft = ""
      $0.profile = .minji("민지 💜")
      $0.notice = "Saved. Artists now see you as “민지 💜”."
    }
    #expect(requests.withLock { $0 } == [UpdateProfileRequest(displayName: "민지 💜")])
  }

  @Test func save_failure_keepsNicknameAndRetrySavesIt() async {
    let attempts = Mutex(0)
    let store = TestStore(initialState: ProfileFeature.State(profile: .minji(), isEditing: true)) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.update = { request in
        let attempt = attempts.withLock { count in
          count += 1
          return count
        }
        if attempt == 1 { throw APIError.unreachable("http://127.0.0.1:9") }
        return .minji(request.displayName ?? "")
      }
    }

    await store.send(.view(.nicknameSubmitted("Minji K"))) {
      $0.draft = "Minji K"
      $0.isSaving = true
    }
    await store.receive(.saveResponse(.failure(.unreachable("http://127.0.0.1:9")))) {
      $0.isSaving = false
      $0.error =
        "Your nickname was not saved: The server at http://127.0.0.1:9 cannot be reached. Check that it is running and try again. “Minji K” is kept to save again."
    }
    await store.send(.view(.retryTapped)) {
      $0.isSaving = true
      $0.error = nil
    }
    await store.receive(.saveResponse(.success(.minji("Minji K")))) {
      $0.isSaving = false
      $0.isEditing = false
      $0.draft = ""
      $0.profile = .minji("Minji K")
      $0.notice = "Saved. Artists now see you as “Minji K”."
    }
  }

  @Test func nickname_breaksRules_explainsWithoutCallingServer() async {
    let store = TestStore(initialState: ProfileFeature.State(profile: .minji(), isEditing: true)) {
      ProfileFeature()
    }

    await store.send(.view(.nicknameSubmitted("   "))) { $0.error = "Nickname: This cannot be empty." }
    await store.send(.view(.nicknameSubmitted(String(repeating: "a", count: 31)))) {
      $0.error = "Nickname: At most 30 characters."
    }
    // Nothing kept to save again; the fan acted, so the old error line goes.
    await store.send(.view(.retryTapped)) { $0.error = nil }
    await store.send(.view(.cancelTapped)) { $0.isEditing = false }
  }

  @Test func nextAction_clearsTheLastErrorAndNotice() async {
    let store = TestStore(
      initialState: ProfileFeature.State(
        profile: .minji(), error: "Could not load your profile: … Type r to try again.",
        notice: "Saved. Artists now see you as “Minji”.")
    ) {
      ProfileFeature()
    }

    await store.send(.view(.backTapped)) {
      $0.error = nil
      $0.notice = nil
    }
    await store.receive(.delegate(.close))
  }

  @Test func loadedOrSavedNickname_isPutInTheSharedAccount() async {
    let account = Shared<Account?>(
      value: Account(id: 5, username: "minji_fan", role: .fan, displayName: "Old name"))
    let store = TestStore(initialState: ProfileFeature.State(account: account)) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.profile = { .minji() }
      $0.profileClient.update = { _ in .minji("Minji K") }
    }

    await store.send(.view(.task)) { $0.isLoading = true }
    await store.receive(.profileResponse(.success(.minji()))) {
      $0.isLoading = false
      $0.profile = .minji()
      $0.account?.displayName = "Minji"
    }
    await store.send(.view(.editTapped)) { $0.isEditing = true }
    await store.send(.view(.nicknameSubmitted("Minji K"))) {
      $0.draft = "Minji K"
      $0.isSaving = true
    }
    await store.receive(.saveResponse(.success(.minji("Minji K")))) {
      $0.isSaving = false
      $0.isEditing = false
      $0.draft = ""
      $0.profile = .minji("Minji K")
      $0.account?.displayName = "Minji K"
      $0.notice = "Saved. Artists now see you as “Minji K”."
    }
    #expect(account.wrappedValue?.displayName == "Minji K")
  }

  @Test func edit_beforeProfileLoaded_orNicknameWhenNotEditing_doesNothing() async {
    let store = TestStore(initialState: ProfileFeature.State()) { ProfileFeature() }

    await store.send(.view(.editTapped))
    await store.send(.view(.nicknameSubmitted("Minji")))
  }
}

@MainActor
struct ProfileSignOutTests {
  @Test func signOut_success_delegatesSignedOut() async {
    let store = TestStore(initialState: ProfileFeature.State(profile: .minji())) {
      ProfileFeature()
    } withDependencies: {
      $0.authClient.signOut = {}
    }

    await store.send(.view(.signOutTapped)) { $0.confirmationDialog = ProfileFeature.signOutConfirmation }
    await store.send(.confirmationDialog(.presented(.confirmSignOut))) {
      $0.confirmationDialog = nil
      $0.isSigningOut = true
    }
    await store.receive(.signOutResponse(nil)) { $0.isSigningOut = false }
    await store.receive(.delegate(.signedOut))
  }

  @Test func signOut_cancelled_staysSignedIn() async {
    let store = TestStore(initialState: ProfileFeature.State(profile: .minji())) { ProfileFeature() }

    await store.send(.view(.signOutTapped)) { $0.confirmationDialog = ProfileFeature.signOutConfirmation }
    await store.send(.confirmationDialog(.dismiss)) { $0.confirmationDialog = nil }
  }

  @Test func signOut_asksTheSameQuestionAsTheArtistApp() {
    let dialog = ProfileFeature.signOutConfirmation
    #expect(dialog.title == "Sign out?")
    #expect(dialog.message == "You will need your password to sign in again.")
    #expect(dialog.buttons.map(\.label) == ["Sign out", "Cancel"])
    #expect(dialog.buttons.map(\.action) == [.confirmSignOut, nil])
  }

  @Test func signOut_serverUnreachable_stillSignsOutLocally() async {
    let store = TestStore(initialState: ProfileFeature.State(profile: .minji())) {
      ProfileFeature()
    } withDependencies: {
      $0.authClient.signOut = { throw APIError.unreachable("http://127.0.0.1:9") }
    }

    await store.send(.view(.signOutTapped)) { $0.confirmationDialog = ProfileFeature.signOutConfirmation }
    await store.send(.confirmationDialog(.presented(.confirmSignOut))) {
      $0.confirmationDialog = nil
      $0.isSigningOut = true
    }
    await store.receive(.signOutResponse(.unreachable("http://127.0.0.1:9"))) { $0.isSigningOut = false }
    await store.receive(.delegate(.signedOut))
  }

  @Test func back_delegatesClose() async {
    let store = TestStore(initialState: ProfileFeature.State(profile: .minji())) { ProfileFeature() }

    await store.send(.view(.backTapped))
    await store.receive(.delegate(.close))
  }
}
