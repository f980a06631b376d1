#ifndef RXTRACE_CRXCORE_H
#define RXTRACE_CRXCORE_H
// The little C that RxCore needs and Swift cannot say: the return addresses of the code that
// called into an entry point, so a trace can name the user's line without a #line parameter.

#include <stdint.h>

/// How many return addresses ``rxcore_capture_callers`` keeps at most.
#define RXCORE_CALLER_CAPACITY 10

/// Return addresses, innermost first: the first `count` of `addresses` are meaningful.
typedef struct {
    uintptr_t addresses[RXCORE_CALLER_CAPACITY];
    intptr_t count;
} rxcore_callers;

/// The return addresses of the calling function's frame and of its callers', innermost first,
/// found by walking the frame-pointer chain.
///
/// Address 0 lies in the code that called this function, address 1 in that code's caller, and
/// so on. The walk stops at a null, misaligned or non-increasing frame pointer, or at one more
/// than 1 MiB above the last (an async frame's tagged pointer, a frame that keeps no frame
/// pointer), so it never reads outside the thread's stack. Costs a few loads per frame; returned
/// by value, so Swift calls it with no closure (and no frame) in between.
rxcore_callers rxcore_capture_callers(void);

#endif
