import AuthClient
import AuthDataModels
import CommonDataModels
import CommonKit
import ComposableArchitecture
import ProfileClient
import ProfileDataModels

/// The fan's profile: the nickname artists see (the display name), editing it, and signing out,
/// after a confirmation.
public struct ProfileFeature: Reducer {
  /// The profile screen's state.
  public struct State: Equatable, Sendable {
    /// The signed-in fan as every screen shows them: the app's shared account, whose display
    /// name is kept in step with the profile loaded or saved here.
    @Shared public var account: Account?
    /// The profile, once loaded.
    public var profile: Profile?
    /// The profile is loading.
    public var isLoading: Bool
    /// A new nickname is being typed.
    public var isEditing: Bool
    /// The nickname typed last, kept while it is not saved.
    public var draft: String
    /// The new nickname is being saved.
    public var isSaving: Bool
    /// The sign-out confirmation, while it is shown.
    @PresentationState public var confirmationDialog: ConfirmationDialogState<Action.ConfirmationDialog>?
    /// Signing out is in flight.
    public var isSigningOut: Bool
    /// What went wrong, shown in place.
    public var error: String?
    /// What just went right.
    public var notice: String?

    /// Creates the state; `account` is the app's shared account.
    public init(
      account: Shared<Account?> = Shared(value: nil), profile: Profile? = nil, isLoading: Bool = false,
      isEditing: Bool = false, draft: String = "", isSaving: Bool = false,
      confirmationDialog: ConfirmationDialogState<Action.ConfirmationDialog>? = nil,
      isSigningOut: Bool = false,
      error: String? = nil, notice: String? = nil
    ) {
      self._account = account
      self.profile = profile
      self.isLoading = isLoading
      self.isEditing = isEditing
      self.draft = draft
      self.isSaving = isSaving
      self.confirmationDialog = confirmationDialog
      self.isSigningOut = isSigningOut
      self.error = error
      self.notice = notice
    }
  }

  /// What happens on the profile screen.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the fan did.
    case view(View)
    /// The profile, loaded.
    case profileResponse(Result<Profile, APIError>)
    /// The profile after saving a nickname.
    case saveResponse(Result<Profile, APIError>)
    /// The answer to the sign-out confirmation.
    case confirmationDialog(PresentationAction<ConfirmationDialog>)
    /// Signing out finished; the error is the server's, the session is forgotten locally anyway.
    case signOutResponse(APIError?)
    /// What the parent acts on.
    case delegate(Delegate)

    /// What the fan did on the screen.
    public enum View: Equatable, Sendable {
      /// The screen appeared: load the profile.
      case task
      /// Start typing a new nickname.
      case editTapped
      /// A new nickname was typed.
      case nicknameSubmitted(String)
      /// Save the kept nickname again.
      case retryTapped
      /// Stop editing.
      case cancelTapped
      /// Sign out: asks for confirmation first.
      case signOutTapped
      /// Go back to the artists.
      case backTapped
    }

    /// The buttons of the sign-out confirmation that do something ("Cancel" only dismisses).
    public enum ConfirmationDialog: Equatable, Sendable {
      /// "Sign out".
      case confirmSignOut
    }

    /// What the parent acts on.
    public enum Delegate: Equatable, Sendable {
      /// Close the profile.
      case close
      /// The fan signed out.
      case signedOut
    }
  }

  @Dependency(\.profileClient) var profileClient
  @Dependency(\.authClient.signOut) var signOut

  /// Creates the feature.
  public init() {}

  /// The screen's logic, then the sign-out confirmation.
  public var body: some ReducerOf<Self> {
    Reduce(core)
      .ifLet(\.$confirmationDialog, action: \.confirmationDialog)
  }

  /// The same question, in the same words, as the artist app asks.
  public static let signOutConfirmation = ConfirmationDialogState<Action.ConfirmationDialog>(
    title: "Sign out?", message: "You will need your password to sign in again.",
    buttons: [.destructive("Sign out", action: .confirmSignOut), .cancel("Cancel")])

  private func core(into state: inout State, action: Action) -> Effect<Action> {
    // What went wrong or right with the last action is not news once the fan acts again.
    if case .view = action {
      state.error = nil
      state.notice = nil
    }
    switch action {
    case .view(.task):
      state.isLoading = true
      return .run { send in
        await send(.profileResponse(Result { try await profileClient.profile() }))
      }

    case .profileResponse(.success(let profile)):
      state.isLoading = false
      state.show(profile)
      return .none

    case .profileResponse(.failure(let error)):
      state.isLoading = false
      state.error = "Could not load your profile: \(error.message)"
      return .none

    case .view(.editTapped):
      guard state.profile != nil, !state.isSaving else { return .none }
      state.isEditing = true
      return .none

    case .view(.nicknameSubmitted(let raw)):
      guard state.isEditing, !state.isSaving else { return .none }
      let nickname = raw.trimmingWhitespace()
      if case .invalid(let problem) = AccountRules.validateDisplayName(nickname) {
        state.error = "Nickname: \(problem.message)"
        return .none
      }
      return save(nickname, state: &state)

    case .view(.retryTapped):
      guard state.isEditing, !state.isSaving, !state.draft.isEmpty else { return .none }
      return save(state.draft, state: &state)

    case .saveResponse(.success(let profile)):
      state.isSaving = false
      state.isEditing = false
      state.draft = ""
      state.show(profile)
      state.notice = "Saved. Artists now see you as “\(profile.displayName)”."
      return .none

    case .saveResponse(.failure(let error)):
      state.isSaving = false
      state.error =
        "Your nickname was not saved: \(error.message) “\(state.draft)” is kept to save again."
      return .none

    case .view(.cancelTapped):
      guard !state.isSaving else { return .none }
      state.isEditing = false
      state.draft = ""
      return .none

    case .view(.signOutTapped):
      guard !state.isSigningOut else { return .none }
      state.confirmationDialog = Self.signOutConfirmation
      return .none

    case .confirmationDialog(.presented(.confirmSignOut)):
      guard !state.isSigningOut else { return .none }
      state.isSigningOut = true
      return .run { send in
        do {
          try await signOut()
          await send(.signOutResponse(nil))
        } catch {
          await send(.signOutResponse(APIError(error)))
        }
      }

    case .signOutResponse:
      // The client forgets the session locally even when the server cannot be told.
      state.isSigningOut = false
      return .send(.delegate(.signedOut))

    case .view(.backTapped):
      return .send(.delegate(.close))

    case .confirmationDialog(.dismiss), .delegate:
      return .none
    }
  }

  private func save(_ nickname: String, state: inout State) -> Effect<Action> {
    state.draft = nickname
    state.isSaving = true
    return .run { send in
      await send(
        .saveResponse(Result { try await profileClient.update(UpdateProfileRequest(displayName: nickname)) }))
    }
  }
}

extension ProfileFeature.State {
  /// Shows `profile`, as loaded or saved, and puts its nickname where every screen reads it.
  mutating func show(_ profile: Profile) {
    self.profile = profile
    if let account, account.displayName != profile.displayName {
      self.account?.displayName = profile.displayName
    }
  }
}
