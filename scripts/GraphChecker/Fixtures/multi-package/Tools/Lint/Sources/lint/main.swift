import CoreModels

print(Model())
