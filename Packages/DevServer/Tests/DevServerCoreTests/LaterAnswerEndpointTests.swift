import CommonDataModels
import Dispatch
import Foundation
import MessageDataModels
import SQLiteStore
import Testing

@testable import DevServerCore

/// `DevBackend.handle(_:later:)`: a post answers once its group commit is done, without holding
/// the calling thread; everything else answers at once.
@Suite struct LaterAnswerEndpointTests {
  @Test func post_offeredALaterAnswer_answers201Later_withTheStoredMessage() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let path = APIPaths.messages(artistID: artist.account.id)
    let (response, answeredLater) = backend.sendOfferingLater(
      "POST", path, token: artist.token, json: #"{"text":"Later, from the commit"}"#)
    #expect(answeredLater)
    #expect(response?.status == 201)
    let message = try #require(response).decoded(Message.self)
    #expect(message.text == "Later, from the commit")
    #expect(message.kind == .broadcast)
    let page = try backend.send("GET", path, token: artist.token).decoded(MessagePage.self)
    #expect(page.messages.last == message)
  }

  @Test func read_offeredALaterAnswer_answersAtOnce() throws {
    let backend = try TestBackend()
    let fan = try backend.signIn("demo_fan")
    let (response, answeredLater) = backend.sendOfferingLater("GET", APIPaths.artists, token: fan.token)
    #expect(!answeredLater)
    #expect(response?.status == 200)
  }

  @Test func refusedPost_offeredALaterAnswer_isRefusedAtOnce() throws {
    let backend = try TestBackend()
    let artist = try backend.signIn("iu_official")
    let fan = try backend.signIn("demo_fan")
    let path = APIPaths.messages(artistID: artist.account.id)
    let empty = backend.sendOfferingLater("POST", path, token: artist.token, json: #"{"text":""}"#)
    #expect(!empty.answeredLater)
    #expect(empty.response?.error?.code == "invalid_message")
    let akmu = try backend.accountID("akmu")
    let forbidden = backend.sendOfferingLater(
      "POST", APIPaths.messages(artistID: akmu), token: fan.token, json: #"{"text":"hi"}"#)
    #expect(!forbidden.answeredLater)
    #expect(forbidden.response?.status == 403)
    let noToken = backend.sendOfferingLater("POST", path, json: #"{"text":"hi"}"#)
    #expect(!noToken.answeredLater)
    #expect(noToken.response?.status == 401)
  }

  @Test func post_whoseCommitFails_isAnsweredLaterWithA503WithoutInternals() throws {
    let backend = try TestBackend(busyTimeoutMilliseconds: 100)
    let artist = try backend.signIn("iu_official")
    let (response, answeredLater) = try backend.whileAnotherProgramHoldsTheWriteLock {
      backend.sendOfferingLater(
        "POST", APIPaths.messages(artistID: artist.account.id), token: artist.token, json: #"{"text":"hi"}"#)
    }
    #expect(answeredLater)
    #expect(response?.status == 503)
    #expect(response?.error?.code == "service_unavailable")
    #expect(response.map { $0.text.contains("SQLite") || $0.text.contains("locked") } == false)
  }
}
