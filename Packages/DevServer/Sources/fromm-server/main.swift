import CommonKit
import DevServerCore
import DevServerHTTP
import Dispatch
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// `fromm-server --port N --data DIR [--host 127.0.0.1]`: serves the dev backend over HTTP.
let usage = """
  usage: fromm-server [--port N] [--data DIR] [--host ADDRESS]
    --port N        TCP port (default 8080; 0 picks a free one)
    --data DIR      data folder holding fromm.sqlite (default ./.fromm-data)
    --host ADDRESS  IPv4 address to bind (default 127.0.0.1, loopback only)
  """

let logger = Logger(label: "fromm-server")

func fail(_ message: String) -> Never {
  StandardStreams.writeError("fromm-server: \(message)\n")
  exit(2)
}

var configuration = HTTPServerConfiguration()
var dataDirectory = URL(fileURLWithPath: ".fromm-data")
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
  switch argument {
  case "--port":
    guard let value = arguments.next(), let port = UInt16(value) else {
      fail("--port needs a number 0–65535\n\(usage)")
    }
    configuration.port = port
  case "--data":
    guard let value = arguments.next(), !value.isEmpty else { fail("--data needs a folder\n\(usage)") }
    dataDirectory = URL(fileURLWithPath: value)
  case "--host":
    guard let value = arguments.next(), !value.isEmpty else { fail("--host needs an IPv4 address\n\(usage)") }
    configuration.host = value
  case "-h", "--help":
    StandardStreams.writeOutput(usage + "\n")
    exit(0)
  default:
    fail("unknown argument '\(argument)'\n\(usage)")
  }
}

// A client that disconnects mid-write must not kill the process.
signal(SIGPIPE, SIG_IGN)

let backend: DevBackend
do {
  backend = try DevBackend(dataDirectory: dataDirectory)
} catch {
  fail("\(error)")
}

let server = HTTPServer(configuration: configuration, logger: logger, respond: backend.handle)
let port: UInt16
do {
  port = try server.start()
} catch {
  fail("cannot listen on \(configuration.host):\(configuration.port): \(error)")
}
logger.info(
  "listening on http://\(configuration.host):\(port) with data in \(dataDirectory.standardizedFileURL.path)")
StandardStreams.writeOutput("listening on http://\(configuration.host):\(port)\n")

let signalSources = installShutdownHandlers(server: server, logger: logger)
withExtendedLifetime(signalSources) { server.waitUntilStopped() }
