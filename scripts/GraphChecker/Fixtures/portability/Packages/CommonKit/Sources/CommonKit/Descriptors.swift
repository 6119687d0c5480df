#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

func closeGuarded(_ fd: Int32) {
  #if canImport(Darwin)
  _ = Darwin.close(fd)
  #else
  _ = Glibc.close(fd)
  #endif
}

func closeUnguarded(_ fd: Int32) {
  _ = Glibc.close(fd)
}
