import CoreTests
import CoreUtils

#if canImport(UIKit)
import UIKit
#endif
#if os(Android)
import AndroidLogging
#endif

public let b = 1
