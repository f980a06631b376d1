#ifndef RXTRACE_CSQLITE_SHIM_H
#define RXTRACE_CSQLITE_SHIM_H
// The system's SQLite (Debian: libsqlite3-dev). Nothing is wrapped: RxTrace only calls
// non-variadic functions and sets its options through open flags and PRAGMAs.
#include <sqlite3.h>
#endif
