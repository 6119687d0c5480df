import Testing

@testable import DevServerHTTP

@Suite struct HTTPRequestParserTests {
  static func parse(_ head: String, maxBodyBytes: Int = 1_024) throws(HTTPParseError) -> HTTPRequestHead {
    try HTTPRequestParser.parseHead(Array(head.utf8)[...], maxBodyBytes: maxBodyBytes)
  }

  @Test func head_pathAndQueryAreDecoded_plusIsASpaceOnlyInTheQuery() throws {
    let head = try Self.parse("GET /v1/a%20b+c?after=1&name=J%C3%BCrgen+K&flag&=x HTTP/1.1\r\nHost: x")
    #expect(head.method == "GET")
    #expect(head.path == "/v1/a b+c")
    #expect(head.query == ["after": "1", "name": "Jürgen K", "flag": "", "": "x"])
    #expect(head.version == "HTTP/1.1")
  }

  @Test func head_headerNamesLowercased_valuesTrimmed_repeatsJoined() throws {
    let head = try Self.parse(
      "POST / HTTP/1.0\r\nX-Tag: \t one \t\r\nx-tag: two\r\nContent-Length: 3\r\ncontent-length: 3\r\nConnection: Keep-Alive"
    )
    #expect(head.headers["x-tag"] == "one, two")
    #expect(head.contentLength == 3)
    #expect(head.keepAlive)
  }

  @Test(arguments: [
    ("GET /%zz HTTP/1.1", 400, "The path has invalid percent-encoding."),
    ("GET /%C3 HTTP/1.1", 400, "The path has invalid percent-encoding."),
    ("GET /?a=%4 HTTP/1.1", 400, "The query string has invalid percent-encoding."),
    ("GET / HTTP/2.0", 505, "Use HTTP/1.1."),
    ("get / HTTP/1.1", 400, "The method must be uppercase letters, like GET or POST."),
    ("GET  / HTTP/1.1", 400, "The request line must be 'METHOD /path HTTP/1.1'."),
    ("GET x HTTP/1.1", 400, "The request target must start with '/'."),
    ("GET / HTTP/1.1\r\nno colon", 400, "A header line has no ':' (no colon)."),
    ("GET / HTTP/1.1\r\nbad name: x", 400, "A header name is empty or has invalid characters (bad name)."),
    ("GET / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2", 400, "Conflicting Content-Length headers."),
    ("GET / HTTP/1.1\r\nContent-Length: -1", 400, "Content-Length must be a non-negative integer, got '-1'."),
    ("GET / HTTP/1.1\r\nContent-Length: 2048", 413, "The body is 2048 bytes; the limit is 1024 bytes."),
    (
      "GET / HTTP/1.1\r\nTransfer-Encoding: chunked", 501,
      "Chunked or encoded bodies are not supported; send Content-Length."
    ),
    ("", 400, "The request line is missing."),
  ])
  func malformedHead_isRefusedWithItsReason(head: String, status: Int, message: String) {
    do {
      let parsed = try Self.parse(head)
      Issue.record("'\(head)' was accepted as \(parsed)")
    } catch {
      #expect(error.status == status)
      #expect(error.message == message)
    }
  }

  @Test func head_invalidUTF8_isRefused() {
    var bytes = Array("GET / HTTP/1.1\r\nx: ".utf8)
    bytes += [0xC3, 0x28]
    #expect(throws: HTTPParseError.badRequest("The request head is not valid UTF-8.")) {
      try HTTPRequestParser.parseHead(bytes[...], maxBodyBytes: 1_024)
    }
  }
}
