import CoreModels

public let a = Model()
