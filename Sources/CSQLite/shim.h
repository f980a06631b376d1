#ifndef RXTRACE_CSQLITE_SHIM_H
#define RXTRACE_CSQLITE_SHIM_H
// The system's SQLite (Debian: libsqlite3-dev). RxTrace calls its functions directly; the one
// variadic function it needs, sqlite3_config, is wrapped below because Swift cannot call C
// variadic functions.
#include <sqlite3.h>

/// Turns off SQLite's memory statistics, whose global mutex every allocation takes otherwise.
/// Only works before SQLite initializes (before the first connection opens); returns
/// SQLITE_MISUSE after that, which is harmless.
static inline int rxtrace_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
