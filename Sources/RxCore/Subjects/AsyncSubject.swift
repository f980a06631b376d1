// Mirrors RxSwift's RxSwift/Subjects/AsyncSubject.swift.
// Simpler than RxSwift: no DEBUG `SynchronizationTracker` (RxSwift's check that `on` is never
// called concurrently or reentrantly); the lock alone keeps the state consistent.
// Deviation from RxSwift: each stored observer is kept with its trace id, and `dispatch`
// records the event it delivers to each (`Instrumentation.recordEvent`) before calling it, so
// that the trace can name the receiving observer.

/// A subject that sends only its last element, and only once it completes: the result of an
/// asynchronous operation.
///
/// On `completed`, every subscriber gets the last `next` element (if there was one), then
/// `completed`; on `error`, only the error. A subscriber that comes later gets the same at
/// once. Elements before completion are kept, not sent. As in RxSwift 6 it has no `dispose`.
/// Counted twice in ``Resources/total`` (as an ``Observable`` and as a subject), as in
/// RxSwift's `TRACE_RESOURCES` builds.
public final class AsyncSubject<Element>:
    Observable<Element>, SubjectType, ObserverType, SynchronizedUnsubscribeType
{
    typealias Observers = Bag<(Event<Element>) -> Void>
    @usableFromInline typealias DisposeKey = BagKey
    /// The type of the observer side: the subject itself.
    public typealias SubjectObserverType = AsyncSubject<Element>

    private let lock = RecursiveLock()
    /// The current subscribers, in subscription order. Guarded by `lock`.
    private var observers = Observers()
    /// What a late subscriber gets: `next(last)` (then `completed`), `completed`, or the
    /// error; `nil` until the subject stops. Guarded by `lock`.
    private var stoppedEvent: Event<Element>?
    /// The last element received. Guarded by `lock`.
    private var lastElement: Element?

    /// A subject with no subscribers.
    public override init() {
        super.init()
        Resources.incrementTotal()
    }

    /// Whether the subject has subscribers.
    public var hasObservers: Bool {
        lock.performLocked { observers.count > 0 }
    }

    /// Keeps a `next` element as the last one; on a stop event, sends the result to every
    /// subscriber and releases them. After the first stop event, does nothing.
    public func on(_ event: Event<Element>) {
        let call = TraceCall.enterFromUser("AsyncSubject.on", on: self, event: event); defer { call.exit() }
        let (recipients, result) = lock.performLocked { synchronized_on(event) }
        switch result {
        case .next:
            recipients.dispatch(result, from: traceObjectID)
            recipients.dispatch(Event<Element>.completed, from: traceObjectID)
        case .error, .completed:
            recipients.dispatch(result, from: traceObjectID)
        }
    }

    /// Updates the state for `event`; returns the subscribers to notify and the event that
    /// starts their result (`next(last)`, `completed` or the error). For a `next` event, or
    /// once stopped, there is no one to notify. Caller holds `lock`.
    private func synchronized_on(_ event: Event<Element>) -> (Observers, Event<Element>) {
        let call = TraceCall.enter("AsyncSubject.synchronized_on", on: self, event: event); defer { call.exit() }
        if stoppedEvent != nil {
            return (Observers(), .completed)
        }
        switch event {
        case .next(let element):
            lastElement = element
            return (Observers(), .completed)
        case .error:
            stoppedEvent = event
            let recipients = observers
            observers.removeAll()
            return (recipients, event)
        case .completed:
            let recipients = observers
            observers.removeAll()
            if let lastElement {
                stoppedEvent = .next(lastElement)
                return (recipients, .next(lastElement))
            }
            stoppedEvent = event
            return (recipients, .completed)
        }
    }

    /// Subscribes `observer`; once the subject has stopped, sends it the result at once.
    ///
    /// - Returns: a disposable that unsubscribes `observer`, or the no-op disposable when the
    ///   subject had stopped.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("AsyncSubject.subscribe", on: self); defer { call.exit() }
        return lock.performLocked { synchronized_subscribe(observer) }
    }

    /// Sends `observer` the result if the subject has stopped, else adds it. Caller holds
    /// `lock`.
    private func synchronized_subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("AsyncSubject.synchronized_subscribe", on: self); defer { call.exit() }
        if let stoppedEvent {
            deliver(stoppedEvent, to: observer)
            if case .next = stoppedEvent {
                deliver(.completed, to: observer)
            }
            return Disposables.create()
        }
        // `on(_:)`'s `dispatch` records each event to the observer's trace id, looked up once here.
        let target = Instrumentation.isRecording ? Instrumentation.traceID(of: observer) : .none
        let key = observers.insert({ event in
            observer.on(event)
        }, for: Instrumentation.traceName(of: observer), recipient: target)
        return SubscriptionDisposable(owner: self, key: key)
    }

    /// Sends `event` to `observer`, recording it as coming from this subject.
    private func deliver<Observer: ObserverType>(_ event: Event<Element>, to observer: Observer)
    where Observer.Element == Element {
        Instrumentation.recordEvent(event, from: traceObjectID, to: observer)
        observer.on(event)
    }

    /// Takes the lock and removes the subscriber stored under `disposeKey`.
    @usableFromInline func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        let call = TraceCall.enter("AsyncSubject.synchronizedUnsubscribe", on: self); defer { call.exit() }
        lock.performLocked { synchronized_unsubscribe(disposeKey) }
    }

    /// Removes the subscriber stored under `disposeKey`. Caller holds `lock`.
    private func synchronized_unsubscribe(_ disposeKey: DisposeKey) {
        let call = TraceCall.enter("AsyncSubject.synchronized_unsubscribe", on: self, detail: TraceDetail(disposeKey.traceDescription)); defer { call.exit() }
        observers.removeKey(disposeKey)
    }

    /// This subject, as the observer that feeds it.
    public func asObserver() -> AsyncSubject<Element> {
        self
    }

    deinit {
        Resources.decrementTotal()
    }
}

// All mutable state (`observers`, `stoppedEvent`, `lastElement`) is read and written only
// while holding `lock`.
extension AsyncSubject: @unchecked Sendable {}

// Performance: `DisposeKey` and `synchronizedUnsubscribe` are @usableFromInline because
// `SynchronizedUnsubscribeType` is (no speed change here); see Documentation/Performance.md.
