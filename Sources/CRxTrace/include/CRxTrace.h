#ifndef RXTRACE_CRXTRACE_H
#define RXTRACE_CRXTRACE_H
// The little C that RxTrace needs and Swift cannot say: a load-time hook, gettid, the CPU's
// tick counter, atomic loads and stores on a slot of an array (the record ring's), and freeing
// the part of the spool file the writer has read.

#include <stdint.h>
#include <sys/types.h>
#include <time.h>

/// Starts a recording when RXTRACE_FILE is set. Implemented in Swift (RxTrace's
/// Autostart.swift, through @_cdecl); called once, by a constructor, before main runs, with
/// the program's arguments (glibc hands them to constructors).
void rxtrace_autostart(int argc, char **argv);

/// The calling thread's kernel thread id (Glibc's gettid, which Swift's Glibc module lacks).
pid_t rxtrace_gettid(void);

/// The calling thread's state in the recording that owns it, cached in a thread-local pair: the
/// recording's serial number (`ThreadStateKey.generation`, never reused) and the state's
/// address. A hook reads it with one compare instead of a `pthread_getspecific` call.
typedef struct {
    int64_t generation;
    void *state;
} rxtrace_thread_state_cache;

/// The calling thread's cache; defined in thread_id.c.
extern __thread rxtrace_thread_state_cache rxtrace_current_thread_state;

/// The calling thread's state in recording `generation`, or NULL when the cache holds another
/// recording's (or none).
static inline void *rxtrace_cached_thread_state(int64_t generation) {
    return rxtrace_current_thread_state.generation == generation ? rxtrace_current_thread_state.state : NULL;
}

/// Caches `state` as the calling thread's in recording `generation`; `generation` 0 and `state`
/// NULL empty the cache (a thread's state freed as the thread exits).
static inline void rxtrace_cache_thread_state(int64_t generation, void *state) {
    rxtrace_current_thread_state.generation = generation;
    rxtrace_current_thread_state.state = state;
}

/// Empties the calling thread's cache if it holds `state`, which is being freed.
static inline void rxtrace_forget_thread_state(void *state) {
    if (rxtrace_current_thread_state.state == state) {
        rxtrace_cache_thread_state(0, NULL);
    }
}

/// Whether the calling thread writes rows on the trace writer's behalf (the writer pipeline's
/// helper, `TraceWriterPipeline`); defined in thread_id.c. A crash there must not wait for the
/// writer it works for.
extern __thread int rxtrace_writes_for_writer;

/// Marks the calling thread as one that writes rows on the trace writer's behalf.
static inline void rxtrace_mark_writing_for_writer(void) {
    rxtrace_writes_for_writer = 1;
}

/// Whether the calling thread was marked by `rxtrace_mark_writing_for_writer`.
static inline int rxtrace_is_writing_for_writer(void) {
    return rxtrace_writes_for_writer;
}

/// The CPU's tick counter: the time stamp counter on x86-64 (`rdtsc`, about a third of a vDSO
/// `clock_gettime` on this project's machines), the virtual counter on AArch64, else
/// `CLOCK_MONOTONIC` in ns. RxTrace uses it only where the kernel's own clock source is that
/// counter, so it runs at one rate and agrees across CPUs; ticks become ns on the writer
/// thread (`TraceClock`).
static inline int64_t rxtrace_ticks(void) {
#if defined(__x86_64__)
    return (int64_t)__builtin_ia32_rdtsc();
#elif defined(__aarch64__)
    uint64_t ticks;
    __asm__ volatile("mrs %0, cntvct_el0" : "=r"(ticks));
    return (int64_t)ticks;
#else
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (int64_t)time.tv_sec * 1000000000 + time.tv_nsec;
#endif
}

/// Gives the file system back the space of `length` bytes from `offset` in the open file
/// `descriptor`, which then read as zeros (`fallocate`'s `FALLOC_FL_PUNCH_HOLE`); the file keeps
/// its size. Returns 0, or -1 with `errno` set (a file system without holes says `EOPNOTSUPP`).
int rxtrace_release_file_space(int descriptor, int64_t offset, int64_t length);

/// Reads `*slot` with acquire ordering: what was written before the matching release store is
/// visible after it. For arrays of counters, which Swift's `Atomic` (a noncopyable value) does
/// not lay out in raw memory.
static inline int64_t rxtrace_load_acquire(const int64_t *slot) {
    return __atomic_load_n(slot, __ATOMIC_ACQUIRE);
}

/// Adds `value` to `*counter` atomically with no ordering beyond the counter's own; returns the
/// value before.
static inline int64_t rxtrace_fetch_add_relaxed(int64_t *counter, int64_t value) {
    return __atomic_fetch_add(counter, value, __ATOMIC_RELAXED);
}

/// Sets the bits of `value` in `*counter` atomically (sequentially consistent); returns the
/// value before.
static inline int64_t rxtrace_fetch_or(int64_t *counter, int64_t value) {
    return __atomic_fetch_or(counter, value, __ATOMIC_SEQ_CST);
}

/// Writes `value` to `*slot` with release ordering: everything written before is visible to a
/// thread that reads `value` with `rxtrace_load_acquire`.
static inline void rxtrace_store_release(int64_t *slot, int64_t value) {
    __atomic_store_n(slot, value, __ATOMIC_RELEASE);
}

#endif
