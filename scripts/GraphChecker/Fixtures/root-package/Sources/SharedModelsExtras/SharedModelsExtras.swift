import SharedModels

public let extra: Player? = nil
