import CoreModels
import Dispatch
import Foundation
import SwiftUI

public let a = Model()
