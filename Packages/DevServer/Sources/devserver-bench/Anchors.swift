import DevServerHTTP
import Foundation

/// External anchors measured in the same run: wrk as the load generator, nginx serving a static
/// file. Both are optional; when absent the benchmark says so and skips those figures.
enum Anchors {
  /// The full path of `name` on `PATH` (or in /usr/sbin, where nginx lives), or `nil`.
  static func tool(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/usr/local/sbin"] {
      let candidate = "\(folder)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// Requests per second wrk reaches on `url` with `connections` connections for `seconds`, or
  /// `nil` when wrk fails. `script` is an optional Lua file (for POST bodies).
  static func wrk(
    _ wrk: String, url: String, connections: Int = 16, seconds: Int = 5, headers: [String] = [],
    script: String? = nil
  ) -> (requestsPerSecond: Double, p50: String)? {
    var arguments = ["-t2", "-c\(connections)", "-d\(seconds)s", "--latency"]
    for header in headers { arguments += ["-H", header] }
    if let script { arguments += ["-s", script] }
    arguments.append(url)
    guard let output = run(wrk, arguments) else { return nil }
    var rate: Double?
    var p50 = "?"
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: " ", omittingEmptySubsequences: true)
      if fields.first == "Requests/sec:", fields.count > 1 { rate = Double(fields[1]) }
      if fields.first == "50%", fields.count > 1 { p50 = String(fields[1]) }
      if fields.first == "Non-2xx" { StandardError.print("wrk on \(url): \(line)") }
    }
    return rate.map { ($0, p50) }
  }

  /// Starts nginx serving `files` (name → contents) on a free loopback port; returns the process
  /// and the port, or `nil` when it cannot start.
  static func startNginx(_ nginx: String, files: [String: String], in folder: URL) -> (Process, UInt16)? {
    let root = folder.appendingPathComponent("www")
    try? FileManager.default.createDirectory(
      at: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
    try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
    for (name, contents) in files {
      try? Data(contents.utf8).write(to: root.appendingPathComponent(name))
    }
    guard let probe = try? Socket.listening(host: "127.0.0.1", port: 0) else { return nil }
    Socket.closeDescriptor(probe.0)
    let port = probe.1
    let config = """
      daemon off; worker_processes 1; pid \(folder.path)/nginx.pid; error_log \(folder.path)/error.log;
      events { worker_connections 1024; }
      http {
        access_log off; keepalive_requests 1000000;
        client_body_temp_path \(folder.path)/body; proxy_temp_path \(folder.path)/proxy;
        fastcgi_temp_path \(folder.path)/fastcgi; uwsgi_temp_path \(folder.path)/uwsgi; scgi_temp_path \(folder.path)/scgi;
        server { listen 127.0.0.1:\(port); root \(root.path); default_type application/json; }
      }
      """
    let configFile = folder.appendingPathComponent("nginx.conf")
    guard (try? Data(config.utf8).write(to: configFile)) != nil else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: nginx)
    process.arguments = ["-c", configFile.path, "-p", folder.path]
    process.standardError = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    usleep(300_000)
    guard process.isRunning else { return nil }
    return (process, port)
  }

  private static func run(_ executable: String, _ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
  }

  /// The number after `field` in Linux's /proc/self/status (`VmHWM:`, the peak resident memory
  /// in KiB; `Threads:`), or `nil` elsewhere.
  static func processStatus(_ field: String) -> Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
    let line = status.split(separator: "\n").first { $0.hasPrefix(field) }
    return line?.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first.flatMap { Double($0) }
  }
}
