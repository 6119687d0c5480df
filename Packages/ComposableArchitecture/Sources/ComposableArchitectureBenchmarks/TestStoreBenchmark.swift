@MainActor func testStoreBenchmark() {}
