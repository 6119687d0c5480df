import CoreModels

public let fake = Model()
