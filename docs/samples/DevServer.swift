// What the code samples of the DevServer package's README take for granted:
// scripts/check-samples compiles them with this file.

import Foundation

/// The backend's data folder (`--data DIR`).
let dataFolder = URL(fileURLWithPath: NSTemporaryDirectory())
