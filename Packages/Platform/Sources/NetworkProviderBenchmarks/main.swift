// Release-build figures for NetworkProvider: what a CacheManager hit or miss costs, and what
// APIClient adds to an in-process round trip (encoding, headers, timeout race, status mapping,
// decoding). Run: swift run -c release --package-path Packages/Platform NetworkProviderBenchmarks

try await NetworkProviderBenchmark.run()
