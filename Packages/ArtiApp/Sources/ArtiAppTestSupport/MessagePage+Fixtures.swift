import MessageDataModels

/// An empty room's only page.
public let emptyPage = MessagePage(messages: [], cursor: nil, hasMore: false)
