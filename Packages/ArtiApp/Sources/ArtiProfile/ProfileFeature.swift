import AuthClient
import CommonDataModels
import ComposableArchitecture
import ProfileClient
import ProfileDataModels

/// The artist's profile: display name, status message and subscriber count; editing them; and
/// signing out, after a confirmation.
public struct ProfileFeature: Reducer {
  /// The profile and what is being done to it.
  public struct State: Equatable, Sendable {
    /// The artist's display name as every screen shows it (home's header): a parent's shared
    /// value, kept in step with the profile read or saved here.
    @Shared public var displayName: String
    /// The profile, once read.
    public var profile: Profile?
    /// Whether the profile is being read.
    public var isLoading: Bool
    /// Why reading the profile failed.
    public var loadError: String?
    /// The values being edited, while editing.
    public var editor: Editor?
    /// Whether the edit is being saved.
    public var isSaving = false
    /// Why saving failed, or why the edit cannot be saved.
    public var saveError: String?
    /// Whether the last save succeeded (shown until the next change).
    public var didSave: Bool
    /// The sign-out confirmation, while it is shown.
    @PresentationState public var confirmationDialog: ConfirmationDialogState<Action.ConfirmationDialog>?
    /// Whether signing out is in flight.
    public var isSigningOut = false

    /// A profile screen; `profile` is `nil` until read. `displayName` is the parent's shared name.
    public init(
      displayName: Shared<String> = Shared(value: ""), profile: Profile? = nil, isLoading: Bool = false,
      editor: Editor? = nil, saveError: String? = nil, didSave: Bool = false,
      confirmationDialog: ConfirmationDialogState<Action.ConfirmationDialog>? = nil
    ) {
      self._displayName = displayName
      self.profile = profile
      self.isLoading = isLoading
      self.editor = editor
      self.saveError = saveError
      self.didSave = didSave
      self.confirmationDialog = confirmationDialog
    }
  }

  /// What can happen on the profile.
  public enum Action: Equatable, Sendable, CasePathable {
    /// What the artist did.
    case view(View)
    /// The server's profile.
    case profileResponse(Result<Profile, APIError>)
    /// The server's answer to a save.
    case saveResponse(Result<Profile, APIError>)
    /// The answer to the sign-out confirmation.
    case confirmationDialog(PresentationAction<ConfirmationDialog>)
    /// Signing out finished; the error says why the server could not be told, if it could not.
    case signOutResponse(APIError?)
    /// What the parent must do.
    case delegate(Delegate)

    /// What the artist did on the screen.
    public enum View: Equatable, Sendable {
      /// The profile appeared: read it the first time.
      case task
      /// Read the profile again.
      case reloadTapped
      /// "Edit".
      case editTapped
      /// The display name being edited changed.
      case displayNameChanged(String)
      /// The status message being edited changed.
      case statusMessageChanged(String)
      /// "Save" the edit.
      case saveTapped
      /// "Cancel" the edit.
      case cancelEditTapped
      /// "Sign out": asks for confirmation first.
      case signOutTapped
    }

    /// The buttons of the sign-out confirmation that do something ("Cancel" only dismisses).
    public enum ConfirmationDialog: Equatable, Sendable {
      /// "Sign out".
      case confirmSignOut
    }

    /// Requests to the coordinator.
    public enum Delegate: Equatable, Sendable {
      /// The session ended: go back to the intro.
      case signedOut
    }
  }

  enum CancelID: Hashable, Sendable { case load }

  @Dependency(\.profileClient) var profileClient
  @Dependency(\.authClient.signOut) var signOut

  /// Creates the feature.
  public init() {}

  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      // What the last action went wrong or right with is not news once the artist acts again.
      switch action {
      case .view, .confirmationDialog:
        state.loadError = nil
        state.saveError = nil
        state.didSave = false
      default: break
      }
      return .none
    }
    Reduce { state, action in
      switch action {
      case .view(.task):
        guard state.profile == nil, !state.isLoading else { return .none }
        return load(&state)

      case .view(.reloadTapped):
        return load(&state)

      case .profileResponse(.success(let profile)):
        state.isLoading = false
        state.profile = profile
        state.share(profile)
        return .none

      case .profileResponse(.failure(let error)):
        state.isLoading = false
        state.loadError = "Your profile could not be read. \(error.message)"
        return .none

      case .view(.editTapped):
        guard let profile = state.profile, state.editor == nil else { return .none }
        state.editor = Editor(displayName: profile.displayName, statusMessage: profile.statusMessage)
        return .none

      case .view(.displayNameChanged(let name)):
        state.editor?.displayName = name
        return .none

      case .view(.statusMessageChanged(let status)):
        state.editor?.statusMessage = status
        return .none

      case .view(.cancelEditTapped):
        state.editor = nil
        return .none

      case .view(.saveTapped):
        guard let editor = state.editor, let profile = state.profile, !state.isSaving else { return .none }
        if let problem = editor.problem {
          state.saveError = problem
          return .none
        }
        let request = UpdateProfileRequest(
          displayName: editor.displayName == profile.displayName ? nil : editor.displayName,
          statusMessage: editor.statusMessage == profile.statusMessage ? nil : editor.statusMessage)
        guard request.displayName != nil || request.statusMessage != nil else {
          state.editor = nil
          return .none
        }
        state.isSaving = true
        return .run { [profileClient] send in
          await send(.saveResponse(Result { try await profileClient.update(request) }))
        }

      case .saveResponse(.success(let profile)):
        state.isSaving = false
        state.profile = profile
        state.share(profile)
        state.editor = nil
        state.didSave = true
        return .none

      case .saveResponse(.failure(let error)):
        state.isSaving = false
        state.saveError = "Not saved. \(error.message)"
        return .none

      case .view(.signOutTapped):
        guard !state.isSigningOut else { return .none }
        state.confirmationDialog = Self.signOutConfirmation
        return .none

      case .confirmationDialog(.presented(.confirmSignOut)):
        guard !state.isSigningOut else { return .none }
        state.isSigningOut = true
        return .run { [signOut] send in
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

      case .confirmationDialog(.dismiss), .delegate:
        return .none
      }
    }
    .ifLet(\.$confirmationDialog, action: \.confirmationDialog)
  }

  /// The question asked before signing out.
  public static let signOutConfirmation = ConfirmationDialogState<Action.ConfirmationDialog>(
    title: "Sign out?", message: "You will need your password to sign in again.",
    buttons: [.destructive("Sign out", action: .confirmSignOut), .cancel("Cancel")])

  private func load(_ state: inout State) -> Effect<Action> {
    state.isLoading = true
    state.loadError = nil
    return .run { [profileClient] send in
      await send(.profileResponse(Result { try await profileClient.profile() }))
    }
    .cancellable(id: CancelID.load, cancelInFlight: true)
  }
}

extension ProfileFeature.State {
  /// Shows and keeps the display name in `displayName`, a parent's shared value, from now on.
  ///
  /// ```swift
  /// var profile = ProfileFeature.State()
  /// profile.share(displayName: $session.account.displayName)
  /// ```
  public mutating func share(displayName: Shared<String>) {
    _displayName = displayName
  }

  /// Puts the name of `profile`, as read or saved, where every screen reads it.
  mutating func share(_ profile: Profile) {
    if displayName != profile.displayName { displayName = profile.displayName }
  }
}
