// A constructor runs when the program (or the library that links RxTrace) is loaded, so a
// program records with RXTRACE_FILE set without a line of code: RxCore cannot know RxTrace,
// and Swift has no load-time initializers.

#include "CRxTrace.h"

__attribute__((constructor))
static void rxtrace_autostart_at_load(void) {
    rxtrace_autostart();
}
