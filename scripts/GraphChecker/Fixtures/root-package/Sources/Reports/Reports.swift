// A backtick-escaped import is still an import.
import SharedModelsExtras
import `SharedModels`

public struct Report {}
