import Foundation

/// A C constant as the POSIX call takes it: Darwin declares `SOCK_STREAM` and `RUSAGE_SELF` as
/// `Int32`s, Glibc as enum cases. One call site for both, type-checked on Linux, instead of a
/// branch per platform.
func posixConstant(_ value: Int32) -> Int32 { value }

/// Glibc's enum-case form of a C constant (`__socket_type`, `__rusage_who`).
func posixConstant<Constant: RawRepresentable>(_ value: Constant) -> Int32
where Constant.RawValue: BinaryInteger {
  Int32(value.rawValue)
}
