/// A fixture type.
public struct ChatFeature {}
