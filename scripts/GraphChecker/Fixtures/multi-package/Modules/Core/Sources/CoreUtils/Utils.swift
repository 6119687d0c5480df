import CoreModels

public func describe(_ model: Model) -> String { "" }
