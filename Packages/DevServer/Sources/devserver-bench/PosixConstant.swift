import Foundation

/// A C constant as the POSIX call takes it: Darwin declares `RUSAGE_SELF` as an `Int32`, Glibc
/// as an enum case. One call site for both, type-checked on Linux, instead of a
/// branch per platform.
func posixConstant(_ value: Int32) -> Int32 { value }

/// Glibc's enum-case form of a C constant (`__rusage_who`).
func posixConstant<Constant: RawRepresentable>(_ value: Constant) -> Int32
where Constant.RawValue: BinaryInteger {
  Int32(value.rawValue)
}
