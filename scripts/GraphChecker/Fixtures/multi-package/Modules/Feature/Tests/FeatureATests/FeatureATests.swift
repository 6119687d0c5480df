import CoreTestSupport
import FeatureA
import Testing

@Test func featureA() {}
