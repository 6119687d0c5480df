// Not built (excluded): its import must not count.
import CommonText
