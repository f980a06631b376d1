// Counts the heap allocations of the process that links this target: it defines the
// allocator's entry points, so every malloc in the process (Swift's runtime included) comes
// here first, is counted, and goes on to glibc's own implementation.
#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Allocations (malloc, calloc, realloc of NULL or to a new block, posix_memalign,
/// aligned_alloc, memalign) made by the process so far.
uint64_t rxtrace_bench_allocation_count(void);

#endif
