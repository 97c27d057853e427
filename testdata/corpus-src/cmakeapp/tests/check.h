#include <stdio.h>
#include <stdlib.h>
static int failures;
#define CHECK_EQ(got, want) do { \
    long g_ = (long)(got), w_ = (long)(want); \
    if (g_ != w_) { \
        fprintf(stderr, "%s:%d: CHECK_EQ(%s, %s) failed: got %ld, want %ld\n", __FILE__, __LINE__, #got, #want, g_, w_); \
        failures++; \
    } \
} while (0)
#define DONE() do { printf("%s: %s\n", __FILE__, failures ? "FAIL" : "ok"); return failures != 0; } while (0)
