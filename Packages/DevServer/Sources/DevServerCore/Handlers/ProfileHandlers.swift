import CommonDataModels
import CommonKit
import Foundation
import ProfileDataModels

extension BackendCore {
  func showProfile(_ request: RouteRequest) throws -> WireResponse {
    let caller = try authenticate(request)
    return try .json(store.profile(of: caller.account))
  }

  func updateProfile(_ request: RouteRequest) throws -> WireResponse {
    let caller = try authenticate(request)
    let body = try request.decodeBody(UpdateProfileRequest.self)
    let displayName = try body.displayName.map { try validDisplayName($0, of: caller.account.id) }
    if let status = body.statusMessage {
      try Self.requireNoControlCharacters(status, field: "statusMessage", code: .invalidProfile)
    }
    if let status = body.statusMessage, let problem = AccountRules.validateStatusMessage(status).problem {
      throw ServerError(.invalidProfile, "field 'statusMessage': \(problem.message)")
    }
    let profile = try store.updateProfile(
      accountID: caller.account.id, displayName: displayName, statusMessage: body.statusMessage)
    // The cached sessions carry the old display name.
    sessions.forget(account: caller.account.id)
    return try .json(profile)
  }
}
