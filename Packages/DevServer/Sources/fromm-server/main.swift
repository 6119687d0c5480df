import CommonKit
import DevServerCore
import DevServerHTTP
import Dispatch
import Foundation

/// `fromm-server [--port N] [--data DIR] [--host ADDRESS] [--durability full|normal] [--demo]`: serves the dev backend over HTTP.

let logger = Logger(label: "fromm-server")

func fail(_ message: String) -> Never {
  StandardStreams.writeError("fromm-server: \(message)\n")
  exit(2)
}

let options: ServerOptions
do {
  options = try ServerOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  fail("\(error)\n\(ServerOptions.usage)")
}
switch options.command {
case .help:
  StandardStreams.writeOutput(
    ServerOptions.usage
      + "\nDefault data folder here: \(ServerOptions.defaultDataDirectory(ProcessInfo.processInfo.environment).path)\n"
  )
  exit(0)
case .version:
  StandardStreams.writeOutput("fromm-server \(ServerOptions.version)\n")
  exit(0)
case .serve:
  break
}

// A client that disconnects mid-write must not kill the process.
signal(SIGPIPE, SIG_IGN)

var configuration = HTTPServerConfiguration()
configuration.port = options.port
configuration.host = options.host
configuration.trustedProxy = options.trustedProxy
if let count = options.maxPerAddress { configuration.maxConnectionsPerAddress = count }
let backendSlot = BackendSlot()
let server = HTTPServer(
  configuration: configuration, logger: logger, respondNowOrLater: backendSlot.handle(_:later:))
// Bind first: a busy port or a bad address must not create or seed a data folder.
let port: UInt16
do {
  port = try server.bind()
} catch {
  fail("cannot listen on \(configuration.host):\(configuration.port): \(error)")
}
do {
  backendSlot.install(
    try DevBackend(
      dataDirectory: options.dataDirectory, demo: options.demo, durability: options.durability))
} catch {
  fail("\(error)")
}
do {
  try server.start()
} catch {
  fail("cannot serve on \(configuration.host):\(port): \(error)")
}
// Handlers first, then the line that tells a supervisor the server is up: a SIGTERM sent after
// that line is always a graceful stop.
let signalSources = installShutdownHandlers(server: server, backend: backendSlot, logger: logger)
let shownHost = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
logger.info(
  "listening on http://\(shownHost):\(port) with data in \(options.dataDirectory.standardizedFileURL.path)")
StandardStreams.writeOutput("listening on http://\(shownHost):\(port)\n")

withExtendedLifetime(signalSources) { server.waitUntilStopped() }
logger.info("stopped")
// Said on standard output too, where "listening on" was, so whoever started the server sees the end.
StandardStreams.writeOutput("stopped\n")
exit(0)
