// RxCore's own: the one interface between the instrumented core and a trace backend.

/// How a subscription ended.
public enum SubscriptionEnd: String, Sendable, CaseIterable, Codable {
    /// The disposable that `subscribe` returned was disposed.
    case disposed
    /// The subscriber received `.completed`.
    case completed
    /// The subscriber received `.error`.
    case error
}

/// The kind of an ``Event``, without its payload.
public enum EventKind: String, Sendable, CaseIterable, Codable {
    /// `.next(element)`
    case next
    /// `.error(error)`
    case error
    /// `.completed`
    case completed
}

/// A backend that receives what the instrumented core does: object lifetimes, calls,
/// events and subscriptions.
///
/// RxCore calls these methods from whatever thread the Rx code runs on, only while the
/// recorder is installed through ``Instrumentation``. A recorder numbers objects, calls and
/// subscriptions uniquely, keeps one call stack per thread (so a call knows its parent), and
/// must return quickly: the SQLite recorder only appends to a buffer that a background writer
/// drains.
public protocol TraceRecorder: AnyObject, Sendable {
    /// Whether element values (`next(42)`) may be written; when `false` only kinds are
    /// (`next`), for programs whose elements hold private data.
    var isRecordingValues: Bool { get }

    /// Whether the calls (``callEntered(_:object:detail:file:line:)``) are wanted; read when
    /// the recorder is installed (and again when a recorder inside this package says its
    /// answer changed). A recorder that answers `false` never receives them, and a step costs
    /// what it costs with no recorder; it receives ``subscribedThrough(_:)`` instead of the
    /// `subscribeSafe` calls.
    var isRecordingCalls: Bool { get }

    /// Whether the events (``eventDelivered(_:value:from:to:)``) are wanted; read as
    /// ``isRecordingCalls`` is. A recorder that answers `false` never receives them, and an
    /// event hop costs what it costs with no recorder.
    var isRecordingEvents: Bool { get }

    /// Whether the entry points from user code capture their callers' return addresses
    /// (``callEntered(_:object:detail:file:line:callers:)``), when the calls are recorded; read
    /// as ``isRecordingCalls`` is. A recorder that answers `false` receives empty
    /// ``CallerAddresses``, and an entry point costs what any other step costs.
    var isRecordingCallers: Bool { get }

    /// An instrumented object finished its `init`; returns the object's serial id.
    ///
    /// - Parameter type: the object's dynamic type; its name (`PublishSubject<Int>`) is what
    ///   reports show.
    func objectInitialized(_ type: Any.Type) -> ObjectID

    /// An instrumented object entered its `deinit`.
    func objectDeinitialized(_ object: ObjectID)

    /// An instrumented step began on the current thread; returns the call's unique id.
    ///
    /// - Parameters:
    ///   - name: the step as a reader of RxSwift's source knows it (`Producer.subscribe`).
    ///   - object: the object the step runs on, or ``ObjectID/none``.
    ///   - detail: what the step carries, such as the event (`next(1)`), or `nil`; a
    ///     recorder formats it with `description` where it writes, not here.
    ///   - file: the `#fileID` of the code that implements the step.
    ///   - line: the line of that code.
    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt
    ) -> CallID

    /// An instrumented step began on the current thread, entered from user code through a
    /// public entry point (`onNext`, `accept`, `dispose()`, `connect()`, a `DisposeBag`'s
    /// deinit); returns the call's unique id.
    ///
    /// - Parameter callers: the return addresses on the stack at the step's start, innermost
    ///   first: where to look for the user's line. The other parameters are
    ///   ``callEntered(_:object:detail:file:line:)``'s.
    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt,
        callers: CallerAddresses
    ) -> CallID

    /// An instrumented step began on the current thread and delivers the event it carries
    /// (`detail`, an event's) from `object` to `observer` right away, with nothing recorded in
    /// between: `Sink.forwardOn`. Returns the call's unique id.
    ///
    /// Says what ``callEntered(_:object:detail:file:line:)`` followed by
    /// ``eventDelivered(_:value:from:to:)`` say, inside the new call; a recorder may keep the
    /// two as one record. Sent only to a recorder that records both the calls and the events.
    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail, file: StaticString, line: UInt,
        deliveringTo observer: ObjectID
    ) -> CallID

    /// The step `call`, the innermost open call on the current thread, returned.
    func callExited(_ call: CallID)

    /// An operator (or the user's `subscribe`) subscribed to `observable` through
    /// `subscribeSafe`, the funnel every subscribe goes through. Sent only to a recorder that
    /// leaves out the calls, which would otherwise see it as a `subscribeSafe` call: it is
    /// what the leak checks build a subscription's chain from.
    func subscribedThrough(_ observable: ObjectID)

    /// An event passed from `source` to `observer`.
    ///
    /// - Parameter value: the element when values are recorded, the error for `.error`, else
    ///   `nil`; a recorder formats it with `description` where it writes, not here.
    func eventDelivered(_ kind: EventKind, value: TraceValue?, from source: ObjectID, to observer: ObjectID)

    /// A user-facing `subscribe` began: `observer` subscribes to `observable`, at `site` in
    /// user code. Returns the subscription's serial id.
    func subscriptionStarted(observable: ObjectID, observer: ObjectID, at site: CallSite) -> SubscriptionID

    /// The `subscribe` that began `subscription` returned `disposable` to its caller.
    func subscriptionReturned(_ subscription: SubscriptionID, disposable: ObjectID)

    /// The subscription's observer received a terminal event.
    func subscriptionTerminated(_ subscription: SubscriptionID, by end: SubscriptionEnd)

    /// An instrumented disposable was disposed for the first time. When it is the disposable
    /// some subscription returned, that subscription ends as ``SubscriptionEnd/disposed``.
    func objectDisposed(_ object: ObjectID)

    /// User code at `site` built `observable` with the operator or factory `name` (`map`,
    /// `merge`, `just`): where the chain element was assembled, which reports show beside it.
    /// A `DisposeBag` reports where it was made the same way, with the name `DisposeBag`.
    func observableAssembled(_ observable: ObjectID, by name: StaticString, at site: CallSite)

    /// User code at `site` named the chain ending in `observable` `tag`: `.traceTag("login")`,
    /// or `debug("login")`'s identifier. Reports show the tag with every subscription whose
    /// chain holds the observable, and filter on it.
    func observableTagged(_ observable: ObjectID, as tag: String, at site: CallSite)

    /// `bag` (a `DisposeBag`) took `disposable`, to dispose it when the bag goes. A report
    /// sets apart what a bag still alive at the end holds: a global's bag lives until exit.
    func disposableInserted(_ disposable: ObjectID, into bag: ObjectID)
}

extension TraceRecorder {
    /// Records the call without its callers: a recorder that has nowhere to keep them need not
    /// implement it.
    public func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt,
        callers: CallerAddresses
    ) -> CallID {
        callEntered(name, object: object, detail: detail, file: file, line: line)
    }

    /// Records the call's entry, then the event it delivers, as two hooks: a recorder that
    /// keeps them apart need not implement it.
    public func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail, file: StaticString, line: UInt,
        deliveringTo observer: ObjectID
    ) -> CallID {
        let call = callEntered(name, object: object, detail: detail, file: file, line: line)
        if let event = detail.event {
            eventDelivered(event.kind, value: event.value, from: object, to: observer)
        }
        return call
    }

    /// Every call is recorded, unless a recorder says otherwise.
    public var isRecordingCalls: Bool { true }

    /// Every event is recorded, unless a recorder says otherwise.
    public var isRecordingEvents: Bool { true }

    /// No callers are captured, unless a recorder says it keeps them.
    public var isRecordingCallers: Bool { false }

    /// Ignores the subscribes: a recorder that leaves out the calls need not implement it.
    public func subscribedThrough(_ observable: ObjectID) {}

    /// Ignores assembly sites: a recorder that has nowhere to keep them need not implement it.
    public func observableAssembled(_ observable: ObjectID, by name: StaticString, at site: CallSite) {}

    /// Ignores tags: a recorder that has nowhere to keep them need not implement it.
    public func observableTagged(_ observable: ObjectID, as tag: String, at site: CallSite) {}

    /// Ignores what bags hold: a recorder that has nowhere to keep it need not implement it.
    public func disposableInserted(_ disposable: ObjectID, into bag: ObjectID) {}
}
