// A backtick-escaped import is still an import.
import `SharedModels`
import SharedModelsExtras

public struct Report {}
