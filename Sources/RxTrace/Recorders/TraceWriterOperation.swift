import RxCore

/// One write into the trace, decided by the ``TraceWriter``'s Swift half (records decoded,
/// values and details formatted, names interned) and carried out by ``TraceWriterStatements``
/// (SQLite's binds and steps), possibly on another thread.
///
/// A batch's operations are carried out in the order they were decided, so the rows, their ids
/// and their order are those of a writer that ran each statement as it decided it.
enum TraceWriterOperation {
    /// A `thread` row.
    case thread(id: Int32, tid: Int32, name: String)
    /// A `type` row.
    case type(id: Int64, name: String)
    /// A `step` row.
    case step(id: Int64, name: String, file: String, line: Int64)
    /// A `scope` row.
    case scope(id: Int64, name: String)
    /// An `object` row, through the 32-row insert.
    case object(ObjectRow)
    /// `object.end_ts` of an object written in an earlier batch.
    case objectEnd(id: Int64, ts: Int64)
    /// `object.caller_stack_id` of an object written in an earlier batch.
    case objectCallerStack(id: Int64, stack: Int64)
    /// A `call` row, through the 32-row insert.
    case call(CallRow)
    /// An `event` row, through the 32-row insert.
    case event(EventRow)
    /// A `subscription` row, through the 32-row insert.
    case subscription(SubscriptionRow)
    /// `subscription.disposable_object_id` of a subscription written in an earlier batch.
    case subscriptionDisposable(id: Int64, disposable: Int64)
    /// The end of a subscription written in an earlier batch, unless it already ended.
    case subscriptionEnd(id: Int64, end: SubscriptionEnd, ts: Int64, call: Int64)
    /// `subscription.caller_stack_id` of a subscription written in an earlier batch.
    case subscriptionCallerStack(id: Int64, stack: Int64)
    /// An `assembly` row (`isTag == false`) or a `tag` row.
    case site(isTag: Bool, object: Int64, name: String, file: String, line: Int64, stack: Int64?)
    /// A `bag_entry` row.
    case bagEntry(bag: Int64, disposable: Int64)
    /// One frame of a `caller` stack.
    case caller(stack: Int64, frame: Int64, address: Int64, image: Int64?)
    /// An `image` row.
    case image(id: Int64, path: String, loadAddress: Int64)
    /// Writes what the 32-row inserts still hold: objects, subscriptions, calls and events, in
    /// that order (the end of a batch).
    case flushGathered
}

/// An `object` row.
struct ObjectRow {
    let id: Int64
    let type: Int64
    let ts: Int64
    var endTS: Int64?
    let thread: Int32
    let call: Int64
    let scope: Int64?
    let virtualTS: Int64?
    /// The stack of return addresses user code made it from, when it made it outside any step.
    var callerStack: Int64? = nil
}

/// A `call` row: the call and how long it ran (`nil`: it never returned).
struct CallRow {
    let call: OpenCall
    let duration: Int64?
}

/// An `event` row. Its id is SQLite's next rowid: events are inserted in the order they were
/// delivered, and no row refers to one by id, so the ids are the serial numbers they always
/// were, without SQLite searching the table for each explicit id (an `INSERT` that names the
/// `INTEGER PRIMARY KEY` looks it up first: ~15% of the writer's SQLite thread on an events
/// trace).
struct EventRow {
    let ts: Int64
    let thread: Int32
    let call: Int64
    let kind: EventKind
    /// The element or error, formatted when it is bound (``TraceWriterStatements``).
    let value: TraceValue?
    let source: Int64
    let observer: Int64
    let virtualTS: Int64?
}

/// A `subscription` row, with its end when it ended before being written.
struct SubscriptionRow {
    let id: Int64
    let ts: Int64
    let thread: Int32
    let call: Int64
    let observable: Int64
    let observer: Int64
    var disposable: Int64?
    let file: String
    let line: Int64
    var endTS: Int64?
    var endKind: SubscriptionEnd?
    let scope: Int64?
    let virtualTS: Int64?
    /// The call open when it ended; 0 at top level, `nil` while it has not ended.
    var endCall: Int64? = nil
    /// The stack of return addresses user code subscribed from, when RxCore captured the site.
    var callerStack: Int64? = nil
}

/// A call that entered and has not exited yet: its row, but for the duration.
struct OpenCall {
    /// What records name the call by: its ring position + 1.
    let key: Int64
    let id: Int64
    let parent: Int64
    let depth: Int32
    let thread: Int32
    let step: Int64
    let object: Int64
    let detail: String?
    let ts: Int64
    let virtualTS: Int64?
    /// The stack of return addresses user code called it from, for an entry point.
    var callerStack: Int64? = nil
}
