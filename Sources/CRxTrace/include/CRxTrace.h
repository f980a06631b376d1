#ifndef RXTRACE_CRXTRACE_H
#define RXTRACE_CRXTRACE_H
// The little C that RxTrace needs and Swift cannot say: a load-time hook and gettid.

#include <sys/types.h>

/// Starts a recording when RXTRACE_FILE is set. Implemented in Swift (RxTrace's
/// Autostart.swift, through @_cdecl); called once, by a constructor, before main runs.
void rxtrace_autostart(void);

/// The calling thread's kernel thread id (Glibc's gettid, which Swift's Glibc module lacks).
pid_t rxtrace_gettid(void);

#endif
