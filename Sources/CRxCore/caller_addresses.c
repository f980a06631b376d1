// Reading the frame-pointer chain: each frame starts with the caller's frame pointer, followed
// by the return address into the caller (x86-64 and AArch64 alike). Swift keeps frame pointers
// on both; taking __builtin_frame_address(0) makes this function keep its own.

#include <stddef.h>

#include "CRxCore.h"

/// The most a frame pointer may move between two frames before the walk distrusts it.
static const uintptr_t maximumFrameSize = 1 << 20;

// Always a call of its own: the first return address read is its caller's.
__attribute__((noinline))
rxcore_callers rxcore_capture_callers(void) {
    rxcore_callers callers;
    const uintptr_t *frame = (const uintptr_t *)__builtin_frame_address(0);
    intptr_t count = 0;
    while (count < RXCORE_CALLER_CAPACITY && frame != NULL && ((uintptr_t)frame & (sizeof(uintptr_t) - 1)) == 0) {
        uintptr_t returnAddress = frame[1];
        if (returnAddress == 0) {
            break;
        }
        callers.addresses[count++] = returnAddress;
        const uintptr_t *next = (const uintptr_t *)frame[0];
        if (next <= frame || (uintptr_t)next - (uintptr_t)frame > maximumFrameSize) {
            break;
        }
        frame = next;
    }
    callers.count = count;
    return callers;
}
