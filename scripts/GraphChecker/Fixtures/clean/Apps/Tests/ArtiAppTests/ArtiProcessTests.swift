import Testing

@Test func arti_launched_printsItsName() {}
