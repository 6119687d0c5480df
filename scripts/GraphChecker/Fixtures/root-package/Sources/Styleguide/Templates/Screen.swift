// A template copied as a resource, not compiled.
import HomeFeature
