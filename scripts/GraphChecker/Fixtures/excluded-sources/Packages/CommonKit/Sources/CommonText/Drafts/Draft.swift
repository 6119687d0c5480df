// Not built (outside `sources:`): its import must not count.
import CommonKit
