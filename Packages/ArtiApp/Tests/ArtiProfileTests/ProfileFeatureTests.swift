import ArtiAppTestSupport
import ArtiProfile
import AuthClient
import CommonDataModels
import ComposableArchitecture
import ComposableArchitectureTesting
import ProfileClient
import ProfileDataModels
import Synchronization
import Testing

@MainActor
struct ProfileFeatureTests {
  @Test func task_readsTheProfileOnce() async {
    let store = TestStore(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.profile = { profile() }
    }

    await store.send(.view(.task)) {
      $0.isLoading = true
    }
    await store.receive(.profileResponse(.success(profile()))) {
      $0.isLoading = false
      $0.profile = profile()
      $0.displayName = "아이유"
    }
    await store.send(.view(.task))
  }

  @Test func task_readFails_showsWhyAndRefreshReadsAgain() async {
    let attempts = Mutex(0)
    let store = TestStore(initialState: ProfileFeature.State()) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.profile = {
        let attempt = attempts.withLock {
          $0 += 1
          return $0
        }
        if attempt == 1 { throw APIError.timeout }
        return profile()
      }
    }

    await store.send(.view(.task)) {
      $0.isLoading = true
    }
    await store.receive(.profileResponse(.failure(.timeout))) {
      $0.isLoading = false
      $0.loadError = "Your profile could not be read. \(APIError.timeout.message)"
    }
    await store.send(.view(.reloadTapped)) {
      $0.isLoading = true
      $0.loadError = nil
    }
    await store.receive(.profileResponse(.success(profile()))) {
      $0.isLoading = false
      $0.profile = profile()
      $0.displayName = "아이유"
    }
  }

  @Test func edit_save_sendsOnlyWhatChangedAndShowsTheNewProfile() async {
    let saved = profile(statusMessage: "새 앨범 작업 중")
    let store = TestStore(initialState: ProfileFeature.State(profile: profile())) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.update = { request in
        #expect(request == UpdateProfileRequest(displayName: nil, statusMessage: "새 앨범 작업 중"))
        return saved
      }
    }

    await store.send(.view(.editTapped)) {
      $0.editor = ProfileFeature.Editor(displayName: "아이유", statusMessage: "")
    }
    await store.send(.view(.statusMessageChanged("새 앨범 작업 중"))) {
      $0.editor?.statusMessage = "새 앨범 작업 중"
    }
    await store.send(.view(.saveTapped)) {
      $0.isSaving = true
    }
    await store.receive(.saveResponse(.success(saved))) {
      $0.isSaving = false
      $0.profile = saved
      $0.editor = nil
      $0.didSave = true
      $0.displayName = "아이유"
    }
  }

  @Test func edit_invalidValues_areRefusedWithoutSaving() async {
    let store = TestStore(
      initialState: ProfileFeature.State(
        profile: profile(), editor: ProfileFeature.Editor(displayName: "아이유", statusMessage: ""))
    ) {
      ProfileFeature()
    }

    await store.send(.view(.displayNameChanged("  "))) {
      $0.editor?.displayName = "  "
    }
    await store.send(.view(.saveTapped)) {
      $0.saveError = "Display name: This cannot be empty."
    }
    await store.send(.view(.displayNameChanged("아이유"))) {
      $0.editor?.displayName = "아이유"
      $0.saveError = nil
    }
    await store.send(.view(.statusMessageChanged(String(repeating: "a", count: 101)))) {
      $0.editor?.statusMessage = String(repeating: "a", count: 101)
    }
    await store.send(.view(.saveTapped)) {
      $0.saveError = "Status message: At most 100 characters."
    }
  }

  @Test func edit_saveFails_keepsTheEditAndSaysWhy() async {
    let failure = APIError.rejected(code: "invalid_profile", message: "Display name is too long")
    let store = TestStore(
      initialState: ProfileFeature.State(
        profile: profile(), editor: ProfileFeature.Editor(displayName: "IU", statusMessage: ""))
    ) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.update = { _ in throw failure }
    }

    await store.send(.view(.saveTapped)) {
      $0.isSaving = true
    }
    await store.receive(.saveResponse(.failure(failure))) {
      $0.isSaving = false
      $0.saveError = "Not saved. Display name is too long."
    }
  }

  @Test func edit_nothingChangedOrCancelled_closesWithoutSaving() async {
    let store = TestStore(initialState: ProfileFeature.State(profile: profile())) {
      ProfileFeature()
    }
    await store.send(.view(.editTapped)) {
      $0.editor = ProfileFeature.Editor(displayName: "아이유", statusMessage: "")
    }
    await store.send(.view(.saveTapped)) {
      $0.editor = nil
    }
    await store.send(.view(.editTapped)) {
      $0.editor = ProfileFeature.Editor(displayName: "아이유", statusMessage: "")
    }
    await store.send(.view(.displayNameChanged("IU"))) {
      $0.editor?.displayName = "IU"
    }
    await store.send(.view(.cancelEditTapped)) {
      $0.editor = nil
    }
  }

  @Test func signOut_confirmed_signsOutAndTellsTheParent() async {
    let signedOut = Mutex(false)
    let store = TestStore(initialState: ProfileFeature.State(profile: profile())) {
      ProfileFeature()
    } withDependencies: {
      $0.authClient.signOut = { signedOut.withLock { $0 = true } }
    }

    await store.send(.view(.signOutTapped)) {
      $0.confirmationDialog = ProfileFeature.signOutConfirmation
    }
    await store.send(.confirmationDialog(.presented(.confirmSignOut))) {
      $0.confirmationDialog = nil
      $0.isSigningOut = true
    }
    await store.receive(.signOutResponse(nil)) {
      $0.isSigningOut = false
    }
    await store.receive(.delegate(.signedOut))
    #expect(signedOut.withLock { $0 })
  }

  @Test func signOut_cancelled_staysSignedIn() async {
    let store = TestStore(initialState: ProfileFeature.State(profile: profile())) {
      ProfileFeature()
    }
    await store.send(.view(.signOutTapped)) {
      $0.confirmationDialog = ProfileFeature.signOutConfirmation
    }
    await store.send(.confirmationDialog(.dismiss)) {
      $0.confirmationDialog = nil
    }
  }

  @Test func signOut_serverUnreachable_signsOutAnyway() async {
    let failure = APIError.unreachable("http://127.0.0.1:9")
    let store = TestStore(initialState: ProfileFeature.State(profile: profile())) {
      ProfileFeature()
    } withDependencies: {
      $0.authClient.signOut = { throw failure }
    }
    await store.send(.view(.signOutTapped)) {
      $0.confirmationDialog = ProfileFeature.signOutConfirmation
    }
    await store.send(.confirmationDialog(.presented(.confirmSignOut))) {
      $0.confirmationDialog = nil
      $0.isSigningOut = true
    }
    // The client forgets the session locally whatever the server says, as the fan app does.
    await store.receive(.signOutResponse(failure)) {
      $0.isSigningOut = false
    }
    await store.receive(.delegate(.signedOut))
  }

  @Test func nextAction_takesTheLastMessagesOffTheScreen() async {
    let store = TestStore(
      initialState: ProfileFeature.State(
        displayName: Shared(value: "아이유"), profile: profile(), saveError: "Not saved. Try again.",
        didSave: true)
    ) {
      ProfileFeature()
    } withDependencies: {
      $0.profileClient.profile = { profile() }
    }

    await store.send(.view(.reloadTapped)) {
      $0.isLoading = true
      $0.saveError = nil
      $0.didSave = false
    }
    await store.receive(.profileResponse(.success(profile()))) { $0.isLoading = false }
  }

  @Test func signOut_sessionAlreadyEnded_countsAsSignedOut() async {
    let store = TestStore(initialState: ProfileFeature.State(profile: profile())) {
      ProfileFeature()
    } withDependencies: {
      $0.authClient.signOut = { throw APIError.unauthorized("") }
    }
    await store.send(.view(.signOutTapped)) {
      $0.confirmationDialog = ProfileFeature.signOutConfirmation
    }
    await store.send(.confirmationDialog(.presented(.confirmSignOut))) {
      $0.confirmationDialog = nil
      $0.isSigningOut = true
    }
    await store.receive(.signOutResponse(.unauthorized(""))) {
      $0.isSigningOut = false
    }
    await store.receive(.delegate(.signedOut))
  }
}
