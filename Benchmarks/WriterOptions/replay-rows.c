// The floor of today's schema: how long SQLite alone takes to write the rows of a real W1s trace.
// It reads the call and event rows of a trace the recorder made, keeps them in memory, then writes
// them again through SQLite's C API into a fresh file with the trace's own CREATE statements, the
// way the writer does (WAL, synchronous NORMAL, no connection mutex, 32 rows per prepared INSERT,
// 10,000 rows per transaction), followed by the trace's indexes and the WAL checkpoint. No Swift
// runs, so what it measures is the least any writer of these rows can take. Variants show what
// each part of a row costs.
// Not part of either package. Build and run:
//
//   cd Benchmarks && swift build -c release
//   .build/release/rxtrace-bench --profile W1s/recorded --repeat 1 --keep-trace /tmp/w1s.sqlite
//   gcc -O2 WriterOptions/replay-rows.c -o /tmp/replay-rows -lsqlite3
//   /tmp/replay-rows /tmp/w1s.sqlite 3
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { maxColumns = 12, rowsPerTransaction = 10000 };
static const char *replayPath = "/tmp/replay-rows.sqlite";

/// One row read from the trace: a call (11 columns) or an event (9 columns).
typedef struct {
    int isEvent;
    long long orderKey; // a call's id, or for an event the call that delivered it
    int columnCount;
    sqlite3_value *columns[maxColumns];
} Row;

static Row *rows;
static int rowCount;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void fail(sqlite3 *db, const char *what) {
    fprintf(stderr, "replay-rows: %s: %s\n", what, sqlite3_errmsg(db));
    exit(2);
}

static void readRows(sqlite3 *db, const char *sql, int isEvent) {
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, 0) != SQLITE_OK) fail(db, sql);
    while (sqlite3_step(statement) == SQLITE_ROW) {
        Row *row = &rows[rowCount++];
        row->isEvent = isEvent;
        row->columnCount = sqlite3_column_count(statement);
        for (int c = 0; c < row->columnCount; c++)
            row->columns[c] = sqlite3_value_dup(sqlite3_column_value(statement, c));
        row->orderKey = sqlite3_column_int64(statement, isEvent ? 3 : 0);
    }
    sqlite3_finalize(statement);
}

/// Calls in id order, each event right after the call that delivered it.
static int writtenOrder(const void *a, const void *b) {
    const Row *x = a, *y = b;
    if (x->orderKey != y->orderKey) return x->orderKey < y->orderKey ? -1 : 1;
    return x->isEvent - y->isEvent;
}

enum { rowsPerInsert = 32 };

/// `INSERT INTO table (columns) VALUES (row), (row), …` with `count` rows of `row`.
static sqlite3_stmt *prepareInsert(sqlite3 *db, const char *head, const char *row, int count) {
    if (!head) return 0;
    size_t length = strlen(head) + (strlen(row) + 2) * count + 1;
    char *sql = malloc(length);
    strcpy(sql, head);
    for (int i = 0; i < count; i++) {
        if (i) strcat(sql, ", ");
        strcat(sql, row);
    }
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v2(db, sql, -1, &statement, 0) != SQLITE_OK) fail(db, sql);
    free(sql);
    return statement;
}

/// The rows of one table waiting for their INSERT, as the writer's batches wait.
typedef struct {
    sqlite3_stmt *full, *single;
    const int *columns; // which of a row's columns each placeholder takes, or 0 for all in order
    int columnCount;
    Row *waiting[rowsPerInsert];
    int count;
} Batch;

static void bindAndStep(sqlite3 *db, sqlite3_stmt *statement, Batch *batch, int rows) {
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < batch->columnCount; c++)
            sqlite3_bind_value(statement, r * batch->columnCount + c + 1,
                               batch->waiting[r]->columns[batch->columns ? batch->columns[c] : c]);
    if (sqlite3_step(statement) != SQLITE_DONE) fail(db, "insert");
    sqlite3_reset(statement);
}

static void add(sqlite3 *db, Batch *batch, Row *row) {
    batch->waiting[batch->count++] = row;
    if (batch->count == rowsPerInsert) {
        bindAndStep(db, batch->full, batch, rowsPerInsert);
        batch->count = 0;
    }
}

static void drain(sqlite3 *db, Batch *batch) {
    for (int r = 0; r < batch->count; r++) {
        batch->waiting[0] = batch->waiting[r];
        bindAndStep(db, batch->single, batch, 1);
    }
    batch->count = 0;
}

/// Writes every row again, the calls through `callHead` with `callRow` placeholders taking the
/// columns `callColumns` names, the events through `eventHead`; a NULL head leaves that table out.
static void replay(const char *name, const char *pragmas, const char *schema, const char *callHead,
                   const char *callRow, const int *callColumns, int callColumnCount, const char *eventHead,
                   const char *indexes) {
    char path[512];
    unlink(replayPath);
    snprintf(path, sizeof path, "%s-wal", replayPath); unlink(path);
    snprintf(path, sizeof path, "%s-shm", replayPath); unlink(path);
    sqlite3 *db;
    sqlite3_open_v2(replayPath, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, 0);
    if (sqlite3_exec(db, pragmas, 0, 0, 0) != SQLITE_OK) fail(db, pragmas);
    if (sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;", 0, 0, 0) != SQLITE_OK) fail(db, "WAL");
    if (sqlite3_exec(db, schema, 0, 0, 0) != SQLITE_OK) fail(db, "schema");
    const char *eventRow = "(?, ?, ?, ?, ?, ?, ?, ?, ?)";
    Batch calls = {prepareInsert(db, callHead, callRow, rowsPerInsert), prepareInsert(db, callHead, callRow, 1),
                   callColumns, callColumnCount, {0}, 0};
    Batch events = {prepareInsert(db, eventHead, eventRow, rowsPerInsert), prepareInsert(db, eventHead, eventRow, 1),
                    0, 9, {0}, 0};
    double start = now();
    int written = 0;
    sqlite3_exec(db, "BEGIN", 0, 0, 0);
    for (int i = 0; i < rowCount; i++) {
        Row *row = &rows[i];
        Batch *batch = row->isEvent ? &events : &calls;
        if (!batch->full) continue;
        add(db, batch, row);
        if (++written % rowsPerTransaction == 0) {
            drain(db, &calls);
            drain(db, &events);
            sqlite3_exec(db, "COMMIT", 0, 0, 0);
            sqlite3_exec(db, "BEGIN", 0, 0, 0);
        }
    }
    drain(db, &calls);
    drain(db, &events);
    sqlite3_exec(db, "COMMIT", 0, 0, 0);
    double rowsDone = now();
    if (indexes && sqlite3_exec(db, indexes, 0, 0, 0) != SQLITE_OK) fail(db, indexes);
    double indexesDone = now();
    sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", 0, 0, 0);
    double end = now();
    printf("%-58s %7d rows %7.1f ms rows (%4.0f ns/row) %6.1f ms indexes %5.1f ms checkpoint %7.1f ms in all\n",
           name, written, (rowsDone - start) * 1e3, (rowsDone - start) * 1e9 / written,
           (indexesDone - rowsDone) * 1e3, (end - indexesDone) * 1e3, (end - start) * 1e3);
    sqlite3_finalize(calls.full);
    sqlite3_finalize(calls.single);
    sqlite3_finalize(events.full);
    sqlite3_finalize(events.single);
    sqlite3_close(db);
}

/// Fewer rows than calls: each top-level call and the calls under it as one row, their ids,
/// parents, steps, objects, stamps and durations packed in a BLOB (48 bytes a call), the events
/// left out. Not a schema any reader reads; what a design with fewer rows than calls would write.
static void replayPackedFlows(void) {
    unlink(replayPath);
    sqlite3 *db;
    sqlite3_open_v2(replayPath, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, 0);
    sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;"
                     "CREATE TABLE flow (id INTEGER PRIMARY KEY, thread_id INTEGER NOT NULL, ts INTEGER NOT NULL, calls BLOB NOT NULL)", 0, 0, 0);
    sqlite3_stmt *statement;
    if (sqlite3_prepare_v2(db, "INSERT INTO flow VALUES (?, ?, ?, ?)", -1, &statement, 0) != SQLITE_OK) fail(db, "flow");
    static const int packed[] = {0, 1, 4, 5, 7, 8};
    long long *buffer = malloc(sizeof(long long) * 6 * 1000000);
    double start = now();
    int flows = 0, calls = 0;
    sqlite3_exec(db, "BEGIN", 0, 0, 0);
    for (int i = 0; i < rowCount;) {
        if (rows[i].isEvent) { i++; continue; }
        int first = i, count = 0;
        do {
            if (!rows[i].isEvent) {
                for (int c = 0; c < 6; c++) buffer[count * 6 + c] = sqlite3_value_int64(rows[i].columns[packed[c]]);
                count++;
            }
            i++;
        } while (i < rowCount && (rows[i].isEvent || sqlite3_value_type(rows[i].columns[1]) != SQLITE_NULL));
        sqlite3_bind_int64(statement, 1, rows[first].orderKey);
        sqlite3_bind_value(statement, 2, rows[first].columns[3]);
        sqlite3_bind_value(statement, 3, rows[first].columns[7]);
        sqlite3_bind_blob(statement, 4, buffer, count * 6 * (int)sizeof(long long), SQLITE_STATIC);
        if (sqlite3_step(statement) != SQLITE_DONE) fail(db, "insert");
        sqlite3_reset(statement);
        calls += count;
        if (++flows % rowsPerTransaction == 0) {
            sqlite3_exec(db, "COMMIT", 0, 0, 0);
            sqlite3_exec(db, "BEGIN", 0, 0, 0);
        }
    }
    sqlite3_exec(db, "COMMIT", 0, 0, 0);
    double rowsDone = now();
    sqlite3_exec(db, "PRAGMA wal_checkpoint(TRUNCATE)", 0, 0, 0);
    double end = now();
    printf("%-58s %7d rows %7.1f ms rows (%4.0f ns/call) %6.1f ms indexes %5.1f ms checkpoint %7.1f ms in all\n",
           "fewer rows than calls: a flow's calls in one BLOB", flows, (rowsDone - start) * 1e3,
           (rowsDone - start) * 1e9 / calls, 0.0, (end - rowsDone) * 1e3, (end - start) * 1e3);
    free(buffer);
    sqlite3_finalize(statement);
    sqlite3_close(db);
}

/// The trace's own CREATE statement of `table`, from its sqlite_schema.
static char *createStatement(sqlite3 *db, const char *table) {
    sqlite3_stmt *statement;
    sqlite3_prepare_v2(db, "SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ?", -1, &statement, 0);
    sqlite3_bind_text(statement, 1, table, -1, SQLITE_STATIC);
    if (sqlite3_step(statement) != SQLITE_ROW) fail(db, "not a trace: no call or event table");
    char *sql = strdup((const char *)sqlite3_column_text(statement, 0));
    sqlite3_finalize(statement);
    return sql;
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: replay-rows TRACE [ROUNDS]\n"); return 2; }
    int rounds = argc > 2 ? atoi(argv[2]) : 3;
    sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
    sqlite3 *trace;
    if (sqlite3_open_v2(argv[1], &trace, SQLITE_OPEN_READONLY, 0) != SQLITE_OK) fail(trace, argv[1]);
    char schema[16384];
    snprintf(schema, sizeof schema, "%s; %s;", createStatement(trace, "call"), createStatement(trace, "event"));
    sqlite3_stmt *count;
    sqlite3_prepare_v2(trace, "SELECT (SELECT count(*) FROM call) + (SELECT count(*) FROM event)", -1, &count, 0);
    sqlite3_step(count);
    rows = calloc(sqlite3_column_int(count, 0) + 1, sizeof(Row));
    sqlite3_finalize(count);
    readRows(trace, "SELECT id, parent_id, depth, thread_id, step_id, object_id, detail, ts, dur, virtual_ts, caller_stack_id FROM call ORDER BY id", 0);
    readRows(trace, "SELECT id, ts, thread_id, call_id, kind, value, source_object_id, observer_object_id, virtual_ts FROM event ORDER BY id", 1);
    qsort(rows, rowCount, sizeof(Row), writtenOrder);

    const char *indexes =
        "CREATE INDEX call_parent ON call(parent_id) WHERE parent_id IS NOT NULL;"
        "CREATE INDEX event_call ON event(call_id) WHERE call_id IS NOT NULL;"
        "CREATE INDEX call_root ON call(id, thread_id, object_id, parent_id) WHERE parent_id IS NULL;";
    // The traces before call_root: call_parent kept the top-level calls' NULLs.
    const char *indexesWithNULLs =
        "CREATE INDEX call_parent ON call(parent_id);"
        "CREATE INDEX event_call ON event(call_id) WHERE call_id IS NOT NULL;"
        "CREATE INDEX call_root_object ON call(object_id) WHERE parent_id IS NULL;";
    const char *callIndexes =
        "CREATE INDEX call_parent ON call(parent_id) WHERE parent_id IS NOT NULL;"
        "CREATE INDEX call_root ON call(id, thread_id, object_id, parent_id) WHERE parent_id IS NULL;";
    const char *allCalls = "INSERT INTO call VALUES ";
    const char *allEvents = "INSERT INTO event VALUES ";
    const char *callRow = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    static const int everyColumn[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    static const int noDetail[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 10};
    static const int sixColumns[] = {0, 1, 4, 5, 7, 8};
    for (int round = 0; round < rounds; round++) {
        replay("today: calls and events, 4 KB pages", "", schema, allCalls, callRow, everyColumn, 11, allEvents, indexes);
        replay("today, call_parent with its NULLs", "", schema, allCalls, callRow, everyColumn, 11, allEvents,
               indexesWithNULLs);
        replay("today, 16 KB pages", "PRAGMA page_size = 16384;", schema, allCalls, callRow, everyColumn, 11, allEvents,
               indexes);
        replay("today, 64 KB pages", "PRAGMA page_size = 65536;", schema, allCalls, callRow, everyColumn, 11, allEvents,
               indexes);
        // The WAL checkpoints itself every 1,000 pages: 4 MB of 4 KB pages, but 16 MB of 16 KB
        // pages, more than these rows fill, so a larger page also moves the checkpoint from the
        // rows to the end. These two separate the page from the checkpoint.
        replay("today, 4 KB pages, no checkpoint before the end", "PRAGMA wal_autocheckpoint = 0;", schema, allCalls,
               callRow, everyColumn, 11, allEvents, indexes);
        replay("today, 16 KB pages, a checkpoint every 4 MB", "PRAGMA page_size = 16384; PRAGMA wal_autocheckpoint = 250;",
               schema, allCalls, callRow, everyColumn, 11, allEvents, indexes);
        replay("calls only", "", schema, allCalls, callRow, everyColumn, 11, 0, callIndexes);
        replay("calls only, without detail", "", schema,
               "INSERT INTO call (id, parent_id, depth, thread_id, step_id, object_id, ts, dur, virtual_ts, caller_stack_id) VALUES ",
               "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", noDetail, 10, 0, 0);
        replay("calls only, six columns (id parent step object ts dur)", "", schema,
               "INSERT INTO call (id, parent_id, step_id, object_id, ts, dur, depth, thread_id) VALUES ",
               "(?, ?, ?, ?, ?, ?, 0, 1)", sixColumns, 6, 0, 0);
        replay("events only", "", schema, 0, callRow, everyColumn, 11, allEvents, 0);
        replayPackedFlows();
    }
    return 0;
}
