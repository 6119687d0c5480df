import Foundation
import GraphCheckerCore

do {
  let result = try GraphCommand(arguments: Array(CommandLine.arguments.dropFirst())).run()
  print(result.output)
  exit(result.status)
} catch {
  FileHandle.standardError.write(Data("graph-checker: \(error)\n".utf8))
  exit(2)
}
