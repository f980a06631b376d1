/// The trace file's schema: every table, column and view, with the comment that documents it.
///
/// This file is the one definition of the schema. Each table's or view's comment ends its
/// `CREATE` line and each column's comment stands above the column, all inside the statement,
/// so SQLite keeps them in `sqlite_schema` and every trace documents itself; `Documentation/TraceSchema.md`
/// is generated from them (a test fails when the two drift), and another test fails on any
/// column without a comment.
///
/// Conventions (Perfetto's): tables are singular snake_case; every table has
/// `id INTEGER PRIMARY KEY`; references are `<table>_id`, with a role prefix when a table is
/// referenced twice; `ts`/`dur` are integer nanoseconds since the run started, from a
/// monotonic clock; Booleans are `is_…` (0 or 1); enumerations are TEXT with a CHECK.
///
/// An enumeration's CHECK compares with `=` and `OR`, not `IN (…)`: SQLite evaluates a CHECK's
/// `IN` list through a temporary b-tree it builds for every row written, which tripled the cost
/// of an `event` row (1,000,000 rows through `sqlite3`: 0.99 s of CPU with `IN`, 0.31 s with
/// `OR`, 0.26 s with no CHECK). Both forms accept and refuse the same values.
public enum TraceSchema {
    /// `PRAGMA application_id` of every trace: the ASCII bytes `RxTr`.
    public static let applicationID: Int32 = 0x5278_5472

    /// `PRAGMA user_version` of the traces this build writes; it reads this version and older.
    ///
    /// Version 3: `type.type_name` is no longer unique, `run` says why a recording failed
    /// (`end_reason = 'failed'`, `failure`), and the `assembly` table says where user code
    /// built each observable. Later version-3 traces add, and readers do without in earlier
    /// ones: `subscription.end_call_id` (what ended a subscription), the `tag` table (chains
    /// user code named), the `call_cause` and `event_cause` views and the `bag_entry` table
    /// (what each DisposeBag took).
    ///
    /// Version 4: `run.detail` says whether the calls were recorded (`'calls'`) or left out
    /// (`'events'`, `RXTRACE_DETAIL=events`); earlier traces recorded them all.
    ///
    /// Version 5: the steps' table is `step` (was `site`, a word the rest of RxTrace keeps for
    /// the user's line) and a call refers to it by `step_id` (was `site_id`). The reader gives
    /// older traces these names when it opens them.
    ///
    /// Version 6: the user's line without a `#line` parameter. The `caller` table keeps the
    /// stacks of return addresses captured when user code called an entry point (`onNext`,
    /// `accept`, `dispose()`, `connect()`, a `DisposeBag`'s deinit), each distinct stack once,
    /// `call.caller_stack_id` the stack of each such call, the `image` table the executable or
    /// library they lie in, and `caller_line` what a symbolizer made of them when the trace was
    /// finished. Readers do without them in earlier traces, and symbolize a trace that has
    /// addresses but no lines (its program was cut short) themselves, in memory.
    ///
    /// Version 7: `object.caller_stack_id`, the stack user code made an object from when it
    /// made it outside any step: who holds it (an XCTest case's stored property, say).
    ///
    /// Version 8: RxCore's operators and `subscribe` forms have RxSwift's signatures, with no
    /// `file:line` parameters: the build, subscribe and tag sites are stacks of return addresses
    /// too, `assembly.caller_stack_id`, `subscription.caller_stack_id` and `tag.caller_stack_id`,
    /// and their `file` and `line` are the user's line the trace's end found on that stack (''
    /// and 0 until then, or when no frame outside RxCore was found).
    public static let version: Int32 = 8

    /// The tables and views, created when a trace is started.
    public static let definition = """
        CREATE TABLE run -- The recorded run: what ran, when, and how it ended. One row per trace.
        (
            -- Always 1: a trace file holds one run.
            id INTEGER PRIMARY KEY,
            -- The schema version the file was written with; PRAGMA user_version holds it too.
            schema_version INTEGER NOT NULL,
            -- What was recorded: an example's name, or the program's name.
            program TEXT NOT NULL,
            -- Wall-clock time when recording started, ISO 8601 in UTC; the only wall time here.
            start_time TEXT NOT NULL,
            -- When recording ended, in ns since it started; NULL if the run was cut short.
            end_ts INTEGER,
            -- 'running' until the run ends; then 'finished' (recording stopped),
            -- 'exited' (the process called exit), 'signal' (a fatal signal cut it short) or
            -- 'failed' (the recorder could not write; failure says why).
            end_reason TEXT NOT NULL DEFAULT 'running'
                CHECK (end_reason = 'running' OR end_reason = 'finished' OR end_reason = 'exited'
                    OR end_reason = 'signal' OR end_reason = 'failed'),
            -- The signal that cut the run short (SIGTERM, SIGILL, …); NULL otherwise.
            signal_name TEXT,
            -- 1 when element values were recorded; 0 when only event kinds were (and errors
            -- as their type's name, never their description).
            is_recording_values INTEGER NOT NULL,
            -- Resources.total when recording started.
            resources_total_start INTEGER NOT NULL,
            -- Resources.total when recording ended; NULL if the run was cut short.
            resources_total_end INTEGER,
            -- Records written so far (objects, calls, events, subscriptions, and their ends).
            record_count INTEGER NOT NULL DEFAULT 0,
            -- Why the recorder stopped writing before the run ended (end_reason 'failed'): the
            -- error SQLite gave; NULL otherwise.
            failure TEXT,
            -- What was recorded: 'calls' (everything, so reports show call flows) or 'events'
            -- (RXTRACE_DETAIL=events: objects, subscriptions and events; the call table is empty
            -- and every call_id and end_call_id is NULL).
            detail TEXT NOT NULL DEFAULT 'calls' CHECK (detail = 'calls' OR detail = 'events')
        );

        CREATE TABLE thread -- A thread that ran instrumented code.
        (
            -- Serial thread id, in order of first appearance.
            id INTEGER PRIMARY KEY,
            -- The operating system's thread id.
            tid INTEGER NOT NULL,
            -- 'main' for the main thread; 'T1', 'T2', … for others, in order of appearance.
            name TEXT NOT NULL
        );

        CREATE TABLE type -- A type of instrumented object, named as its source declares it.
        (
            -- Serial type id, in order of first appearance.
            id INTEGER PRIMARY KEY,
            -- The type as Swift prints it: 'PublishSubject<Int>', 'MapSink<Int, AnonymousObserver<Int>>'.
            -- A label, not a key: Swift truncates very deep generic names, so two types can share one.
            type_name TEXT NOT NULL
        );

        CREATE TABLE step -- An instrumented step and the code that implements it.
        (
            -- Serial step id, in order of first appearance.
            id INTEGER PRIMARY KEY,
            -- The step as RxSwift's source names it: 'Producer.subscribe', 'Sink.forwardOn'.
            name TEXT NOT NULL,
            -- The #fileID of the implementing code: 'RxCore/Observables/Producer.swift'.
            file TEXT NOT NULL,
            -- The line of the implementing code in file.
            line INTEGER NOT NULL
        );

        CREATE TABLE scope -- A unit of work that objects and subscriptions are charged to, such as one test: RxCore's TraceScope.
        (
            -- The scope's serial number in the recorded process (TraceScope.id).
            id INTEGER PRIMARY KEY,
            -- What the scope is, for people: a test's name, such as 'MapTests.testMap_Never'.
            name TEXT NOT NULL
        );

        CREATE TABLE object -- The life of an instrumented object: observables, sinks, observers, disposables.
        (
            -- The object's serial id, as reports print it (#12); never a memory address.
            id INTEGER PRIMARY KEY,
            -- The object's dynamic type.
            type_id INTEGER NOT NULL REFERENCES type(id),
            -- When its init finished, in ns since the run started.
            start_ts INTEGER NOT NULL,
            -- When its deinit ran; NULL if it was alive when the run ended.
            end_ts INTEGER,
            -- The thread that created it.
            thread_id INTEGER NOT NULL REFERENCES thread(id),
            -- The call open on that thread when it was created; NULL at top level.
            call_id INTEGER REFERENCES call(id),
            -- The scope (test) bound when it was created; NULL outside any scope, and on threads
            -- the scope's code handed work to.
            scope_id INTEGER REFERENCES scope(id),
            -- The virtual clock when it was created, if a virtual time scheduler was running
            -- work: ticks for a TestScheduler, else ns since the Unix epoch; NULL otherwise.
            virtual_ts INTEGER,
            -- For an object user code made outside any step (a subject, a scheduler, a bag), the
            -- return addresses on the stack then (caller.stack_id); NULL otherwise.
            caller_stack_id INTEGER
        );

        CREATE TABLE call -- One execution of an instrumented step: its enter, its exit and its place in the call tree.
        (
            -- Serial call id, in order of entry.
            id INTEGER PRIMARY KEY,
            -- The enclosing call on the same thread; NULL for a top-level call.
            parent_id INTEGER REFERENCES call(id),
            -- 0 for a top-level call, the parent's depth + 1 otherwise.
            depth INTEGER NOT NULL,
            -- The thread it ran on.
            thread_id INTEGER NOT NULL REFERENCES thread(id),
            -- The step and its implementing code.
            step_id INTEGER NOT NULL REFERENCES step(id),
            -- The object the step ran on; NULL for steps on no object (operator functions).
            object_id INTEGER REFERENCES object(id),
            -- What the step carried, such as the event: 'next(1)', 'completed'; or NULL.
            detail TEXT,
            -- When it was entered, in ns since the run started.
            ts INTEGER NOT NULL,
            -- How long it ran, in ns; NULL if it never returned (the run was cut short).
            dur INTEGER,
            -- The virtual clock when it was entered, as object.virtual_ts; NULL without one.
            virtual_ts INTEGER,
            -- For an entry point user code called (onNext, accept, dispose(), connect(), a
            -- DisposeBag's deinit), the return addresses on the stack then (caller.stack_id);
            -- NULL for other steps. A loop's calls share one stack.
            caller_stack_id INTEGER
        );

        CREATE TABLE event -- An event passing from one object to another.
        (
            -- Serial event id, in order of delivery.
            id INTEGER PRIMARY KEY,
            -- When it was delivered, in ns since the run started.
            ts INTEGER NOT NULL,
            -- The thread it was delivered on.
            thread_id INTEGER NOT NULL REFERENCES thread(id),
            -- The call that delivered it; NULL at top level.
            call_id INTEGER REFERENCES call(id),
            -- The event's kind.
            kind TEXT NOT NULL CHECK (kind = 'next' OR kind = 'error' OR kind = 'completed'),
            -- The element's description (truncated to 80 characters) or the error's; NULL for
            -- completed, and for elements when run.is_recording_values is 0, when an error is
            -- only its type's name.
            value TEXT,
            -- The sending object (a sink, subject or source); NULL if it was not recorded.
            source_object_id INTEGER REFERENCES object(id),
            -- The receiving observer; NULL if it is not an instrumented object.
            observer_object_id INTEGER REFERENCES object(id),
            -- The virtual clock when it was delivered, as object.virtual_ts; NULL without one.
            virtual_ts INTEGER
        );

        CREATE TABLE subscription -- A subscription made by user code, from its subscribe call to its end.
        (
            -- Serial subscription id, in order of subscribe.
            id INTEGER PRIMARY KEY,
            -- When subscribe was called, in ns since the run started.
            ts INTEGER NOT NULL,
            -- The thread that subscribed.
            thread_id INTEGER NOT NULL REFERENCES thread(id),
            -- The subscribe call; its subtree is the subscription's call flow.
            call_id INTEGER REFERENCES call(id),
            -- The observable subscribed to.
            observable_object_id INTEGER REFERENCES object(id),
            -- The observer that receives the events (an AnonymousObserver for closure forms).
            observer_object_id INTEGER REFERENCES object(id),
            -- The disposable subscribe returned; NULL until it returned.
            disposable_object_id INTEGER REFERENCES object(id),
            -- The #fileID of the user code that subscribed; for a captured site (caller_stack_id),
            -- the first frame outside RxCore on its stack, found when the trace was finished
            -- ('' until then, or when there is none).
            file TEXT NOT NULL,
            -- The line of the user code that subscribed; 0 with file ''.
            line INTEGER NOT NULL,
            -- When the subscription ended, in ns since the run started; NULL if it never did.
            end_ts INTEGER,
            -- How it ended; NULL if it never did.
            end_kind TEXT CHECK (end_kind = 'disposed' OR end_kind = 'completed' OR end_kind = 'error'),
            -- The scope (test) bound when subscribe was called; NULL outside any scope.
            scope_id INTEGER REFERENCES scope(id),
            -- The virtual clock when subscribe was called, as object.virtual_ts; NULL without one.
            virtual_ts INTEGER,
            -- The call open on the ending thread when it ended: for 'completed' and 'error' the
            -- observer's step that received the event, for 'disposed' the step that disposed it
            -- (a bag's DisposeBag.dispose, inside its DisposeBag.deinit); NULL if it never ended,
            -- ended at top level, or the trace predates the column.
            end_call_id INTEGER REFERENCES call(id),
            -- The return addresses on the stack when user code subscribed (caller.stack_id),
            -- which file and line were found from; NULL when the site was named directly.
            caller_stack_id INTEGER
        );

        CREATE TABLE assembly -- Where user code built an observable: the operator or factory it called and the line that called it; a DisposeBag's where it was made, named 'DisposeBag'.
        (
            -- Serial id, in order of assembly.
            id INTEGER PRIMARY KEY,
            -- The observable built.
            object_id INTEGER NOT NULL REFERENCES object(id),
            -- The operator or factory: map, merge, just; or 'DisposeBag'.
            name TEXT NOT NULL,
            -- The #fileID of the code that called it; for a captured site (caller_stack_id), the
            -- first frame outside RxCore on its stack, found when the trace was finished ('' until
            -- then, or when there is none).
            file TEXT NOT NULL,
            -- The line of that code; 0 with file ''.
            line INTEGER NOT NULL,
            -- The return addresses on the stack when user code built it (caller.stack_id), which
            -- file and line were found from; NULL when the site was named directly.
            caller_stack_id INTEGER
        );

        CREATE TABLE tag -- A name user code gave a chain: .traceTag("login"), or debug("login")'s identifier; it names every subscription whose chain holds the observable.
        (
            -- Serial id, in order of tagging.
            id INTEGER PRIMARY KEY,
            -- The observable named.
            object_id INTEGER NOT NULL REFERENCES object(id),
            -- The name: 'login'.
            name TEXT NOT NULL,
            -- The #fileID of the code that named it; for a captured site (caller_stack_id), the
            -- first frame outside RxCore on its stack, found when the trace was finished ('' until
            -- then, or when there is none).
            file TEXT NOT NULL,
            -- The line of that code; 0 with file ''.
            line INTEGER NOT NULL,
            -- The return addresses on the stack when user code named it (caller.stack_id), which
            -- file and line were found from; NULL when the site was named directly.
            caller_stack_id INTEGER
        );

        CREATE TABLE bag_entry -- A disposable a DisposeBag took (disposed(by:), insert), to dispose when the bag goes; reports set apart what a bag still alive at the end holds.
        (
            -- Serial id, in order of insertion.
            id INTEGER PRIMARY KEY,
            -- The DisposeBag.
            bag_id INTEGER NOT NULL REFERENCES object(id),
            -- The disposable it took: often a subscription's (subscription.disposable_object_id).
            disposable_id INTEGER NOT NULL REFERENCES object(id)
        );

        CREATE TABLE image -- An executable or shared library that holds caller addresses: what a symbolizer needs to turn them into lines.
        (
            -- Serial id, in order of first use.
            id INTEGER PRIMARY KEY,
            -- The file's path, links resolved (/proc/self/exe for the program).
            path TEXT NOT NULL,
            -- What to subtract from an address to get the file's own virtual address: where its
            -- lowest mapping starts for a position-independent file, 0 for one loaded at a fixed
            -- address.
            load_address INTEGER NOT NULL,
            -- Which symbolizer named the lines of its addresses when the trace was finished
            -- ('llvm-symbolizer' or 'addr2line'); NULL when none ran (no symbolizer found, or
            -- the run was cut short): a reader then symbolizes the addresses itself.
            symbolizer TEXT
        );

        CREATE TABLE caller -- A return address on the stack when user code called an entry point (onNext, accept, dispose(), connect(), a DisposeBag's deinit), built an observable, subscribed or named a chain: the first of a stack's addresses whose line lies outside RxCore is the user's line.
        (
            -- Serial id, in order of capture.
            id INTEGER PRIMARY KEY,
            -- The stack this address is one frame of: each distinct stack of return addresses
            -- is written once, and the calls, objects, assemblies, subscriptions and tags made
            -- from it refer to it (caller_stack_id).
            stack_id INTEGER NOT NULL,
            -- 0 for the innermost address (in the step's code, or already in the user's when the
            -- entry point was inlined there), 1 for its caller, and so on.
            frame INTEGER NOT NULL,
            -- The return address in the recorded process.
            address INTEGER NOT NULL,
            -- The file the address lies in; NULL when no mapping held it.
            image_id INTEGER REFERENCES image(id)
        );

        CREATE TABLE caller_line -- What a symbolizer named a caller address, written when the trace was finished: one row per frame of the address's inline chain, innermost first.
        (
            -- Serial id.
            id INTEGER PRIMARY KEY,
            -- The address named (caller.address).
            address INTEGER NOT NULL,
            -- 0 for the innermost frame of the inline chain; each next one is the function the
            -- previous was inlined into, up to the function the address lies in.
            inline_depth INTEGER NOT NULL,
            -- The function, as the symbolizer names it; NULL when it could not tell.
            function TEXT,
            -- The source file's path; NULL when the file has no symbols for the address.
            file TEXT,
            -- The line in that file; NULL with file.
            line INTEGER,
            -- 1 when the file is RxCore's or a companion library's (RxRelay, RxTesting, and the
            -- RxSwift-named RxSwift, RxCocoa, RxTest, RxBlocking), or code the compiler made: not
            -- the user's line.
            is_inside_rxcore INTEGER NOT NULL
        );

        CREATE VIEW object_assembly -- Each assembled observable with the call that built it; when an operator built it through another (take(0) through empty()), the outermost, which is the user's.
        AS
        SELECT
            -- The observable's serial id.
            assembly.object_id AS object_id,
            -- The operator or factory that built it.
            assembly.name AS name,
            -- The #fileID of the code that called it.
            assembly.file AS file,
            -- The line of that code.
            assembly.line AS line
        FROM assembly
        WHERE assembly.id IN (SELECT max(id) FROM assembly GROUP BY object_id);

        CREATE VIEW live_object -- Objects alive when the run ended, with their type names.
        AS
        SELECT
            -- The object's serial id.
            object.id AS id,
            -- The object's type.
            type.type_name AS type_name,
            -- When it was created, in ns since the run started.
            object.start_ts AS start_ts,
            -- The call that created it; NULL at top level.
            object.call_id AS call_id,
            -- The scope (test) it was created in; NULL outside any scope.
            object.scope_id AS scope_id
        FROM object
        JOIN type ON type.id = object.type_id
        WHERE object.end_ts IS NULL;

        CREATE VIEW open_subscription -- Subscriptions that were neither disposed nor terminated; one whose disposable is not traced (never()'s) ends when its observer is released, as RxTesting's leak checks rule.
        AS
        SELECT
            -- The subscription's serial id.
            subscription.id AS id,
            -- The type of the observable subscribed to.
            type.type_name AS observable_type_name,
            -- The observable subscribed to.
            subscription.observable_object_id AS observable_object_id,
            -- The user code that subscribed: #fileID.
            subscription.file AS file,
            -- The user code that subscribed: line.
            subscription.line AS line,
            -- The scope (test) that subscribed; NULL outside any scope.
            subscription.scope_id AS scope_id
        FROM subscription
        LEFT JOIN object ON object.id = subscription.observable_object_id
        LEFT JOIN type ON type.id = object.type_id
        LEFT JOIN object AS observer ON observer.id = subscription.observer_object_id
        WHERE subscription.end_kind IS NULL
            AND (subscription.disposable_object_id IS NOT NULL OR observer.id IS NULL OR observer.end_ts IS NULL);

        CREATE VIEW leak -- Open subscriptions, then objects alive at the end: what the leak report lists, before it sets apart what a DisposeBag made in main.swift (a global's) still holds.
        AS
        SELECT
            -- 'subscription' or 'object'.
            'subscription' AS kind,
            -- The subscription's or object's serial id.
            id AS id,
            -- The observable's type, or the object's.
            observable_type_name AS type_name,
            -- For a subscription, the user code that subscribed; NULL for an object.
            file AS file,
            -- For a subscription, the line that subscribed; NULL for an object.
            line AS line,
            -- The scope (test) charged with it; NULL outside any scope.
            scope_id AS scope_id
        FROM open_subscription
        UNION ALL
        SELECT 'object', id, type_name, NULL, NULL, scope_id
        FROM live_object;

        CREATE VIEW call_flow -- Every call with its step name, implementing code and object type: the call tree, flat.
        AS
        SELECT
            -- The call's serial id.
            call.id AS id,
            -- The enclosing call; NULL for a top-level call.
            call.parent_id AS parent_id,
            -- 0 for a top-level call.
            call.depth AS depth,
            -- The thread's name ('main', 'T1', …).
            thread.name AS thread_name,
            -- The step: 'Producer.subscribe'.
            step.name AS name,
            -- The #fileID of the implementing code.
            step.file AS file,
            -- The line of the implementing code.
            step.line AS line,
            -- The object the step ran on; NULL for none.
            call.object_id AS object_id,
            -- That object's type; NULL for none.
            type.type_name AS type_name,
            -- What the step carried ('next(1)'); NULL for nothing.
            call.detail AS detail,
            -- When it was entered, in ns since the run started.
            call.ts AS ts,
            -- How long it ran, in ns; NULL if it never returned.
            call.dur AS dur
        FROM call
        JOIN step ON step.id = call.step_id
        JOIN thread ON thread.id = call.thread_id
        LEFT JOIN object ON object.id = call.object_id
        LEFT JOIN type ON type.id = object.type_id;

        CREATE VIEW call_cause -- Each call with the call that caused it: its caller, or, for a step running work a scheduler queued (a ScheduledWorkItem's invoke, on the scheduler's thread: another, or later on the same), the scheduler's step that queued it.
        AS
        \(callCauseQuery);

        CREATE VIEW event_cause -- Why each event happened: the chain of calls from the step that delivered it back, across threads, to the root call that pushed it in; `rxtrace why` reads it (WHERE event_id = ?).
        AS
        \(eventCauseQuery(events: "event.call_id IS NOT NULL"));
        """

    /// The condition, on a `call` joined to its `site`, `object` and `type`, under which the
    /// call runs scheduled work: a ScheduledWorkItem's step other than its enqueue. Its cause
    /// is then the call that created the item, the scheduler's `…schedule` step on the
    /// scheduling thread, whose child is the item's enqueue.
    static let scheduledHop = SchedulerHop.sqlCondition

    /// The `call_cause` view's query. The view is defined with it, and the readers run it as a
    /// subquery of their own rather than the file's view, which a damaged file may have
    /// replaced.
    static let callCauseQuery = """
        SELECT
            -- The call.
            call.id AS call_id,
            -- The call that caused it; NULL for a root: a call into RxCore from outside it (user
            -- code, a test scheduler's loop, a bag's deinit) with nothing traced before it.
            CASE WHEN \(scheduledHop) THEN object.call_id ELSE call.parent_id END AS cause_call_id,
            -- 'called' when the cause is its caller on the same thread; 'scheduled' when the cause
            -- queued the work it runs, on the thread that scheduled it; NULL for a root.
            CASE WHEN \(scheduledHop) THEN 'scheduled' WHEN call.parent_id IS NOT NULL THEN 'called' END AS via
        FROM call
        JOIN step ON step.id = call.step_id
        LEFT JOIN object ON object.id = call.object_id
        LEFT JOIN type ON type.id = object.type_id
        """

    /// The recursive step of a chain of causes, as `event_cause` and ``TraceReader`` walk it:
    /// one cause per step, to the call `call_cause` names, whose id is always lower (a caller
    /// enters before its callee, and work is queued before it runs). Requiring that bounds the
    /// walk by the chain itself, on any trace: no cycle, and no row cap that a long trace could
    /// reach (a `LIMIT` across all events left later events without a chain). `UNION` rather
    /// than `UNION ALL` drops the duplicates a damaged trace's repeated call rows would make.
    static let causeStepCondition = "call_cause.cause_call_id IS NOT NULL AND call_cause.cause_call_id < chain.call_id"

    /// The `event_cause` view's query for the events `condition` (on `event`) selects: the
    /// view selects every event with a call, `TraceReader` one event, so both follow the same
    /// rules and the reader does not walk every event's chain to answer for one. `callCause`
    /// names the call causes: the view, or the readers' own subquery.
    ///
    /// Each step's event is the one it delivered to the object of the step below it (the
    /// nearest below that ran on an object), or, failing that, to an observer that is no traced
    /// object (an `AnyObserver` wrapping the next): the subject's delivery to the `observe(on:)` sink
    /// whose scheduled work sent the explained event, not its later delivery to another
    /// subscriber, which may be recorded before the explained event on another thread.
    static func eventCauseQuery(events condition: String, callCause: String = "call_cause") -> String {
        """
        WITH RECURSIVE chain(event_id, step, call_id, via, below_object_id) AS (
                SELECT event.id, 0, event.call_id, 'delivered', NULL FROM event WHERE \(condition)
                UNION
                SELECT chain.event_id, chain.step + 1, call_cause.cause_call_id, call_cause.via,
                    coalesce((SELECT object_id FROM call AS below WHERE below.id = chain.call_id), chain.below_object_id)
                FROM chain JOIN \(callCause) ON call_cause.call_id = chain.call_id
                WHERE \(causeStepCondition)
            )
            SELECT
                -- The event explained.
                chain.event_id AS event_id,
                -- 0 for the step that delivered the event, 1 for that step's cause, and so on;
                -- the highest is the root, the call into RxCore that pushed the event in.
                chain.step AS step,
                -- The call at this step.
                chain.call_id AS call_id,
                -- How this step led to the one below it: 'delivered' at step 0, 'called' when it
                -- called it, 'scheduled' when it queued the work it ran, on any thread.
                chain.via AS via,
                -- The thread the call ran on.
                thread.name AS thread_name,
                -- The step: 'Sink.forwardOn'.
                step.name AS name,
                -- The #fileID of the implementing code.
                step.file AS file,
                -- The line of the implementing code.
                step.line AS line,
                -- The object the step ran on; NULL for none.
                call.object_id AS object_id,
                -- That object's type; NULL for none.
                type.type_name AS type_name,
                -- What the step carried ('next(1)'); NULL for nothing.
                call.detail AS detail,
                -- The event this step delivered on the way: the explained event itself at step 0;
                -- above, the last event delivered inside this step, up to the explained one, to
                -- the object of the nearest step below that ran on one, else to an observer that
                -- is no traced object (an AnyObserver); NULL for none.
                CASE WHEN chain.step = 0 THEN chain.event_id ELSE coalesce((SELECT max(hop.id) FROM event AS hop WHERE hop.call_id = chain.call_id AND hop.id <= chain.event_id AND hop.observer_object_id = chain.below_object_id), (SELECT max(hop.id) FROM event AS hop WHERE hop.call_id = chain.call_id AND hop.id <= chain.event_id AND hop.observer_object_id IS NULL)) END AS hop_event_id
            FROM chain
            JOIN call ON call.id = chain.call_id
            JOIN step ON step.id = call.step_id
            JOIN thread ON thread.id = call.thread_id
            LEFT JOIN object ON object.id = call.object_id
            LEFT JOIN type ON type.id = object.type_id
        """
    }

    /// Indexes the readers rely on. They are created when recording ends, because indexes
    /// present while inserting slow the writer down by more than half (see FACTS.md); a trace
    /// cut short has none and is still readable, only slower to query.
    ///
    /// The rows' `call_id` indexes hold only the rows made inside a call: every reader looks
    /// them up by a call (`=`, `IN`, `BETWEEN`, which SQLite knows imply `IS NOT NULL`), and
    /// with `RXTRACE_DETAIL=events` no row has one, so building `event_call` over 600,000 NULLs
    /// (SQLite sorts keys with a NULL through its slow general comparison) cost 230 of the 290
    /// ms of `stop()`'s indexes. `call_parent` leaves out the top-level calls for the same
    /// reason (W1s, 170,050 calls: 48 → 37 ms; 2 M calls: 640 → 470 ms); the readers find its
    /// children by `parent_id =`, which implies `IS NOT NULL`.
    ///
    /// The top-level calls have `call_root` instead, keyed by id, which costs what the
    /// `call_root_object` it replaces cost: every reader query for them (`parent_id IS NULL`:
    /// all in order, counted, counted between two ids, the next one on a thread, those on some
    /// objects) reads it in id order, and it holds the columns they filter on, `parent_id`
    /// among them (always NULL), because SQLite 3.40 reads a partial index's rows as covering
    /// only when it holds the columns of its `WHERE`. Older traces find the top-level calls
    /// through `call_parent`'s NULLs, with the same queries.
    public static let indexes = """
        CREATE INDEX IF NOT EXISTS call_parent ON call(parent_id) WHERE parent_id IS NOT NULL;
        CREATE INDEX IF NOT EXISTS object_call ON object(call_id) WHERE call_id IS NOT NULL;
        CREATE INDEX IF NOT EXISTS event_call ON event(call_id) WHERE call_id IS NOT NULL;
        CREATE INDEX IF NOT EXISTS subscription_call ON subscription(call_id) WHERE call_id IS NOT NULL;
        CREATE INDEX IF NOT EXISTS assembly_object ON assembly(object_id);
        CREATE INDEX IF NOT EXISTS call_root ON call(id, thread_id, object_id, parent_id) WHERE parent_id IS NULL;
        CREATE INDEX IF NOT EXISTS tag_object ON tag(object_id);
        CREATE INDEX IF NOT EXISTS bag_entry_bag ON bag_entry(bag_id);
        CREATE INDEX IF NOT EXISTS caller_stack ON caller(stack_id, frame);
        CREATE INDEX IF NOT EXISTS caller_line_address ON caller_line(address);
        """
}
