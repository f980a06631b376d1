// A constructor runs when the program (or the library that links RxTrace) is loaded, so a
// program records with RXTRACE_FILE set without a line of code: RxCore cannot know RxTrace,
// and Swift has no load-time initializers.

#include "CRxTrace.h"

// Defined (with @_cdecl) by a program that must never record itself from RXTRACE_FILE: the
// rxtrace tool, which reads traces and would otherwise overwrite the one it was asked to read.
// Weak, so a program that does not define it links with it null.
extern void rxtrace_autostart_opt_out(void) __attribute__((weak));

// glibc calls constructors with the program's argc, argv and environment.
__attribute__((constructor))
static void rxtrace_autostart_at_load(int argc, char **argv, char **envp) {
    (void)envp;
    if (rxtrace_autostart_opt_out) {
        return;
    }
    rxtrace_autostart(argc, argv);
}
