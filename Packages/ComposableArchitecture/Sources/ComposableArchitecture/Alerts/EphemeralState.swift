/// State that lives only until the user answers it, like ``AlertState``: a presentation
/// reducer dismisses it as soon as any of its actions arrives.
public protocol EphemeralState {}
