import FanChat

/// A fixture type.
public enum Fixtures {}
