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
    if let name = body.displayName {
      try Self.requireNoControlCharacters(name, field: "displayName", code: .invalidProfile)
    }
    if let status = body.statusMessage {
      try Self.requireNoControlCharacters(status, field: "statusMessage", code: .invalidProfile)
    }
    if let name = body.displayName, let problem = AccountRules.validateDisplayName(name).problem {
      throw ServerError(.invalidProfile, "field 'displayName': \(problem.message)")
    }
    if let status = body.statusMessage, let problem = AccountRules.validateStatusMessage(status).problem {
      throw ServerError(.invalidProfile, "field 'statusMessage': \(problem.message)")
    }
    let profile = try store.updateProfile(
      accountID: caller.account.id, displayName: body.displayName, statusMessage: body.statusMessage)
    // The cached sessions carry the old display name.
    sessions.forget(account: caller.account.id)
    return try .json(profile)
  }
}
