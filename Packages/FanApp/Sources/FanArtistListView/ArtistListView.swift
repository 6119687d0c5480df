import ArtistDataModels
import CommonDataModels
import CommonKit
import FanArtistList
import Foundation
import FrommUI

/// The artist list: one numbered row per artist with its subscription mark, its status message,
/// its unread count and when it last broadcast.
///
/// A number or a username opens that artist's room; `/sub N` and `/unsub N` change a
/// subscription; `r` reloads; `p` shows the profile (keys from ``KeyMap``).
public struct ArtistListView: TerminalView {
  /// The time zone broadcast times are shown in.
  public var timeZone: TimeZone

  /// Creates the view, showing times in `timeZone`.
  public init(timeZone: TimeZone = .current) {
    self.timeZone = timeZone
  }

  /// Loads the list when the screen appears.
  public var startAction: ArtistListFeature.Action? { .view(.task) }

  static let commands = [KeyMap.reload.menuCommand(), KeyMap.profile.menuCommand()]

  /// The screen for `state`.
  public func render(_ state: ArtistListFeature.State) -> Screen {
    Screen {
      Component.header("Artists", subtitle: "[x] subscribed — your replies go to the artist only")
      if state.artists.isEmpty {
        if !state.isLoading { Component.empty("No artists yet") }
      } else {
        Component.list(state.artists.map(row))
        Component.text(
          "Type a number to open a room; \(KeyMap.subscribe.typed) subscribes, \(KeyMap.unsubscribe.typed) unsubscribes."
        )
      }
      if let notice = state.notice { Component.notice(notice) }
      if let error = state.error { Component.errorBanner(Self.describe(error)) }
      if let pause = state.liveUpdatesPause { Component.text(Self.describe(pause), style: .dim) }
      if state.isLoading { Component.progress("Loading artists") }
      if let pending = state.pending {
        let name = state.artists[id: pending.artistId]?.displayName ?? "the artist"
        Component.progress(pending.subscribe ? "Subscribing to \(name)" : "Unsubscribing from \(name)")
      }
      Component.menu(Self.commands)
    }
  }

  /// What went wrong, in words, with the key or command that helps.
  static func describe(_ problem: ArtistListFeature.Problem) -> String {
    let reloadKey = KeyMap.reload.key ?? KeyMap.reload.typed
    switch problem {
    case .loadFailed(let error):
      return "\(error.message) Type \(reloadKey) to try again."
    case .subscriptionFailed(let name, let subscribing, let error):
      return "Could not \(subscribing ? "subscribe to" : "unsubscribe from") \(name): \(error.message)"
    case .notSubscribed(let name, let number):
      return "Subscribe to \(name) first: type /\(KeyMap.subscribe.command) \(number)."
    case .nothingToPick:
      return "There are no artists to pick yet. Type \(reloadKey) to load the list."
    case .unknownArtist(let name, let count):
      let what = name.isEmpty ? "Say which artist" : "No artist “\(name)” here"
      return "\(what): use a number from 1 to \(count) or a username from the list."
    }
  }

  /// Why the counts are not live, and when they will be again by themselves.
  static func describe(_ pause: ArtistListFeature.LiveUpdatesPause) -> String {
    let seconds = max(1, Int(pause.retryIn.components.seconds))
    return "Unread counts are not live: \(pause.error.message) Trying again in \(seconds) s. "
      + KeyMap.reload.hint("reload now")
  }

  /// A row: the mark, the artist and their status message; their unread count (or how many fans
  /// they have) and when they last broadcast, so a fan sees who is active.
  func row(_ artist: ArtistSummary) -> ListItem {
    let mark = artist.isSubscribed ? "[x]" : "[ ]"
    var detail: String
    if artist.isSubscribed {
      detail = artist.unreadCount == 0 ? "no unread" : "\(artist.unreadCount) unread"
    } else {
      detail = artist.subscriberCount == 1 ? "1 fan" : "\(artist.subscriberCount) fans"
    }
    if let last = artist.lastBroadcastAt {
      detail += " · last broadcast \(MessageTime.format(last, in: timeZone))"
    }
    let status = artist.statusMessage.trimmingWhitespace()
    return ListItem(
      "\(mark) \(artist.displayName) (@\(artist.username))" + (status.isEmpty ? "" : " · “\(status)”"),
      detail: detail)
  }

  /// The action that `input` means on this screen.
  public func action(for input: InputEvent, in state: ArtistListFeature.State) -> ArtistListFeature.Action? {
    if KeyMap.reload.matches(input) { return .view(.reloadTapped) }
    if KeyMap.profile.matches(input) { return .view(.profileTapped) }
    let commands: [(KeyBinding, (AccountID) -> ArtistListFeature.Action.View)] = [
      (KeyMap.subscribe, { .subscribeTapped($0) }), (KeyMap.unsubscribe, { .unsubscribeTapped($0) }),
      (KeyMap.open, { .openTapped($0) }),
    ]
    for (key, tapped) in commands {
      guard let name = key.argument(of: input) else { continue }
      return Self.artistID(named: name, in: state).map { .view(tapped($0)) }
        ?? .view(.unknownArtistNamed(name))
    }
    guard case .line(let text) = input else { return nil }
    if let id = Self.artistID(named: text, in: state) { return .view(.openTapped(id)) }
    return input.number != nil ? .view(.unknownArtistNamed(text)) : nil
  }

  /// The artist a fan means by a row number, a username (with or without `@`) or a display name.
  static func artistID(named raw: String, in state: ArtistListFeature.State) -> AccountID? {
    let name = raw.trimmingWhitespace()
    if let number = Int(name) {
      return state.artists.indices.contains(number - 1) ? state.artists[number - 1].id : nil
    }
    let key = (name.hasPrefix("@") ? String(name.dropFirst()) : name).lowercased()
    guard !key.isEmpty else { return nil }
    return state.artists.first { $0.username == key || $0.displayName.lowercased() == key }?.id
  }
}
