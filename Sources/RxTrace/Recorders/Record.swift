import RxCore

/// One thing a producing thread saw, as compact as it can be said: what the ring and the spool hold
/// between a hook and the writer.
///
/// Ids are integers (0 for none); a call is named by its key, the ring position of its
/// ``callEntered(id:parent:name:file:line:object:detail:repeatsCallers:thread:ts:virtualTS:deliveredTo:receivedFrom:innermostReturnedAt:)`` + 1, which
/// the writer turns into the call's serial id (calls are numbered in ring order, so whatever
/// prefix of the records reaches the trace holds calls 1 to n). Times (`ts`) are ``TraceClock/ticks()`` stamps, which the
/// writer turns into ns since the run started, and threads are the recorder's serial thread
/// ids. Names and files are `StaticString`s (a call's as ``StaticText``, one word) and types are
/// metatypes: both are immortal, so a record carries them as pointers and the writer builds the `String`s,
/// once per distinct type or site, off the producing thread. Event values and call details
/// travel as ``TraceValue``s and ``TraceDetail``s, which the writer formats: the only `String`s
/// here are the descriptions a hook had to make itself (an element of another type than `Int`,
/// `Double`, `Bool` or `String`, an error).
enum Record {
    /// A thread ran instrumented code for the first time.
    case thread(id: Int32, tid: Int32)
    /// An object finished its `init`, in `scope` (a test) and at virtual time `virtualTS`
    /// when they were bound.
    case objectInitialized(
        id: Int64, type: Any.Type, ts: Int64, thread: Int32, call: Int64, scope: TraceScope?, virtualTS: Int64?
    )
    /// An object entered its `deinit`.
    case objectDeinitialized(id: Int64, ts: Int64)
    /// A call began; `id` is its key, `parent` the key of the call it began in, 0 for a
    /// top-level call. Its depth is not said: the writer's open calls on the thread are the
    /// thread's own. Unless `deliveredTo` is ``noDelivery``, the call delivered the event of
    /// its `detail` from `object` to the observer `deliveredTo` right away (`Sink.forwardOn`):
    /// the record stands for that ``eventDelivered(kind:value:source:observer:ts:thread:call:virtualTS:)``
    /// too (``deliveredEvent``). Unless `receivedFrom` is ``noDelivery``, the call is its
    /// object's receiving of the event of its `detail`, which `receivedFrom` delivered inside
    /// `parent` just before (a subject's `dispatch` to its observer's `on`): the record stands
    /// for that event too (``receivedEvent``). `repeatsCallers` says that the call, an entry point's step, was
    /// entered from the return addresses its thread's last ``callerCaptured(call:thread:callers:)``
    /// holds, which the thread then does not append again (an `onNext` in a loop).
    /// `innermostReturnedAt`, when set, is the stamp at which the thread's innermost open call
    /// returned just before, with nothing recorded between (a sibling's return, such as
    /// `PublishSubject.synchronized_on`'s before its `dispatch`): that exit rides on this record
    /// instead of taking one of its own.
    ///
    /// (The fields are in this order so that the record stays within a ring slot: the optional
    /// and narrow ones packed together.)
    case callEntered(
        id: Int64, parent: Int64, name: StaticText, file: StaticText, line: UInt, object: Int64,
        detail: TraceDetail?, repeatsCallers: Bool, thread: Int32, ts: Int64, virtualTS: Int64?,
        deliveredTo: Int64, receivedFrom: Int64, innermostReturnedAt: Int64?
    )
    /// Call `call`, an entry point's step, was entered from the return addresses `callers`;
    /// right after the call's ``callEntered(id:parent:name:file:line:object:detail:repeatsCallers:thread:ts:virtualTS:deliveredTo:receivedFrom:innermostReturnedAt:)``.
    case callerCaptured(call: Int64, thread: Int32, callers: CallerAddresses)
    /// Object `object`, made by user code outside any step, was made from the return addresses
    /// `callers`; right after its ``objectInitialized(id:type:ts:thread:call:scope:virtualTS:)``.
    case objectCallerCaptured(object: Int64, callers: CallerAddresses)
    /// Calls on one thread returned, innermost first, with nothing else recorded on the thread
    /// between them (``ExitedCalls``): one record for what was one exit each.
    case callsExited(ExitedCalls)
    /// An event passed from `source` to `observer` while `call` was open on `thread`.
    case eventDelivered(
        kind: EventKind, value: TraceValue?, source: Int64, observer: Int64, ts: Int64, thread: Int32, call: Int64,
        virtualTS: Int64?
    )
    /// User code subscribed at `file`:`line`; an empty `file` when the site was captured as
    /// return addresses, which ``subscriptionCallerCaptured(id:callers:)`` brings next.
    case subscriptionStarted(
        id: Int64, observable: Int64, observer: Int64, file: StaticString, line: UInt, ts: Int64, thread: Int32,
        call: Int64, scope: TraceScope?, virtualTS: Int64?
    )
    /// Subscription `id` was made from the return addresses `callers`; right after its
    /// ``subscriptionStarted(id:observable:observer:file:line:ts:thread:call:scope:virtualTS:)``.
    case subscriptionCallerCaptured(id: Int64, callers: CallerAddresses)
    /// The `subscribe` that began subscription `id` returned `disposable`.
    case subscriptionReturned(id: Int64, disposable: Int64)
    /// Subscription `id`'s observer received a terminal event while `call` was open.
    case subscriptionTerminated(id: Int64, end: SubscriptionEnd, ts: Int64, thread: Int32, call: Int64)
    /// Disposable `id` was disposed for the first time while `call` was open.
    case objectDisposed(id: Int64, ts: Int64, thread: Int32, call: Int64)
    /// User code at `file`:`line` built observable `id` with the operator `name`.
    case observableAssembled(id: Int64, name: StaticString, file: StaticString, line: UInt)
    /// User code built observable `id` with the operator `name`, from the return addresses
    /// `callers` (RxCore's operators name no `file:line`).
    case observableAssembledFrom(id: Int64, name: StaticString, callers: CallerAddresses)
    /// User code at `file`:`line` named the chain ending in observable `id` `tag`.
    case observableTagged(id: Int64, tag: String, file: StaticString, line: UInt)
    /// User code named the chain ending in observable `id` `tag`, from the return addresses
    /// `callers`.
    case observableTaggedFrom(id: Int64, tag: String, callers: CallerAddresses)
    /// `DisposeBag` `bag` took disposable `id`.
    case disposableInserted(id: Int64, bag: Int64)

    /// How many of the hooks' records this one stands for: one, one per exit of
    /// ``callsExited(_:)``, two for a call's entry an exit rides on; none for ``thread(id:tid:)``, which the recorder adds
    /// itself, ``callerCaptured(call:thread:callers:)``, part of its call's entry,
    /// ``objectCallerCaptured(object:callers:)``, part of its object's, and
    /// ``subscriptionCallerCaptured(id:callers:)``, part of its subscription's. What
    /// `run.record_count` counts.
    var hookRecordCount: Int64 {
        switch self {
        case .thread, .callerCaptured, .objectCallerCaptured, .subscriptionCallerCaptured: 0
        case .callsExited(let exits): Int64(exits.count)
        case .callEntered(_, _, _, _, _, _, _, _, _, _, _, _, _, let innermostReturnedAt):
            innermostReturnedAt == nil ? 1 : 2
        default: 1
        }
    }
}
