import Synchronization

/// Within the declared platforms (macOS 15, iOS 18): no guard needed.
let counter = Mutex(0)

func unguarded() {
  Task.immediate {}
}

func guarded() {
  if #available(macOS 26, iOS 26, *) {
    Task.immediate {}
  } else {
    Task {}
  }
}

func guardedForTheRest() {
  guard #available(macOS 26, iOS 26, *) else { return }
  Task.immediate {}
}

@available(macOS 26, iOS 26, *)
func markedAvailable() {
  Task.immediate {}
}

func onlyMacOSChecked() {
  if #available(macOS 26, *) {
    Task.immediate {}
  }
}
