import Foundation
import GraphCheckerCore

do {
  let result = try GraphCommand(arguments: Array(CommandLine.arguments.dropFirst())).run()
  if !result.errorOutput.isEmpty { FileHandle.standardError.write(Data((result.errorOutput + "\n").utf8)) }
  if !result.output.isEmpty { print(result.output) }
  exit(result.status)
} catch {
  FileHandle.standardError.write(Data("graph-checker: \(error)\n".utf8))
  exit(2)
}
