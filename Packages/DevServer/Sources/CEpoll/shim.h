// Linux's epoll, which the Glibc module does not include. Empty on other systems, where the
// server's poller uses poll(2) instead.
#if defined(__linux__)
#include <sys/epoll.h>
#endif
