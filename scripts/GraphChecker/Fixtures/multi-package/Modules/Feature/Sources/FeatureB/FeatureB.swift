import CoreTests
import CoreUtils

public let b = 1
