// Mirrors RxSwift's RxSwift/Subjects/PublishSubject.swift.
// Simpler than RxSwift: no DEBUG `SynchronizationTracker` (RxSwift's check that `on` is never
// called concurrently or reentrantly); the lock alone keeps the state consistent.
// Deviation from RxSwift: each stored observer is kept with its trace id, and `dispatch`
// records the event it delivers to each (`Instrumentation.recordEvent`) before calling it, so
// that the trace can name the receiving observer.

/// A subject that broadcasts each event to the observers subscribed at that moment.
///
/// Subscribers get only what is sent after they subscribe. Once the subject has stopped
/// (`error` or `completed`), a new subscriber gets that stop event at once and a no-op
/// disposable; once it was disposed, a new subscriber gets ``RxError/disposed(object:)``.
/// Counted twice in ``Resources/total`` (as an ``Observable`` and as a subject), as in RxSwift.
public final class PublishSubject<Element>:
    Observable<Element>, SubjectType, Cancelable, ObserverType, SynchronizedUnsubscribeType
{
    @usableFromInline typealias Observers = Bag<(Event<Element>) -> Void>
    @usableFromInline typealias DisposeKey = BagKey
    /// The type of the observer side: the subject itself.
    public typealias SubjectObserverType = PublishSubject<Element>

    @usableFromInline let lock = RecursiveLock()
    /// Whether ``dispose()`` was called. Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var disposed = false
    /// The current subscribers, in subscription order. Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var observers = Observers()
    /// Whether a stop event was received. Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var stopped = false
    /// The stop event received, replayed to later subscribers. Guarded by `lock`.
    @usableFromInline @exclusivity(unchecked) var stoppedEvent: Event<Element>?

    /// A subject with no subscribers.
    public override init() {
        super.init()
        Resources.incrementTotal()
    }

    /// Whether the subject has subscribers.
    public var hasObservers: Bool {
        lock.performLocked { observers.count > 0 }
    }

    /// Whether ``dispose()`` was called.
    public var isDisposed: Bool {
        lock.performLocked { disposed }
    }

    /// Sends `event` to every current subscriber; after a stop event or ``dispose()``, does
    /// nothing.
    @inlinable public func on(_ event: Event<Element>) {
        let call = TraceCall.enterFromUser("PublishSubject.on", on: self, event: event); defer { call.exit() }
        let recipients = lock.performLocked { synchronized_on(event) }
        recipients.dispatch(event, from: traceObjectID)
    }

    /// Updates the state for `event` and returns the subscribers to deliver it to. Caller
    /// holds `lock`.
    @inlinable func synchronized_on(_ event: Event<Element>) -> Observers {
        let call = TraceCall.enter("PublishSubject.synchronized_on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            if disposed || stopped {
                return Observers()
            }
            return observers
        case .error, .completed:
            guard stoppedEvent == nil else { return Observers() }
            stoppedEvent = event
            stopped = true
            let recipients = observers
            observers.removeAll()
            return recipients
        }
    }

    /// Subscribes `observer` to the events sent from now on.
    ///
    /// - Returns: a disposable that unsubscribes `observer`, or the no-op disposable when the
    ///   subject had stopped or was disposed.
    @inlinable @inline(__always) public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("PublishSubject.subscribe", on: self); defer { call.exit() }
        return lock.performLocked { synchronized_subscribe(observer) }
    }

    /// Adds `observer`, or sends it the stop event or the disposed error. Caller holds `lock`.
    ///
    /// As in RxSwift, the stop event is sent while holding the lock: a subscriber must not
    /// see anything sent after it subscribed before it sees what subscribing gave it.
    @inlinable @inline(__always) func synchronized_subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("PublishSubject.synchronized_subscribe", on: self); defer { call.exit() }
        if let stoppedEvent {
            Instrumentation.recordEvent(stoppedEvent, from: traceObjectID, to: observer)
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        if disposed {
            let error = Event<Element>.error(RxError.disposed(object: self))
            Instrumentation.recordEvent(error, from: traceObjectID, to: observer)
            observer.on(error)
            return Disposables.create()
        }
        // `on(_:)`'s `dispatch` records each event to the observer's trace id, looked up once here.
        let target = Instrumentation.isRecording ? Instrumentation.traceID(of: observer) : .none
        let key = observers.insert({ event in
            observer.on(event)
        }, for: Instrumentation.traceName(of: observer), recipient: target)
        return SubscriptionDisposable(owner: self, key: key)
    }

    /// Takes the lock and removes the subscriber stored under `disposeKey`.
    @usableFromInline func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        let call = TraceCall.enter("PublishSubject.synchronizedUnsubscribe", on: self); defer { call.exit() }
        lock.performLocked { synchronized_unsubscribe(disposeKey) }
    }

    /// Removes the subscriber stored under `disposeKey`. Caller holds `lock`.
    private func synchronized_unsubscribe(_ disposeKey: DisposeKey) {
        let call = TraceCall.enter("PublishSubject.synchronized_unsubscribe", on: self, detail: TraceDetail(disposeKey.traceDescription)); defer { call.exit() }
        observers.removeKey(disposeKey)
    }

    /// This subject, as the observer that feeds it.
    public func asObserver() -> PublishSubject<Element> {
        self
    }

    /// Drops every subscriber and the stop event; later subscribers get
    /// ``RxError/disposed(object:)`` and later events are ignored.
    public func dispose() {
        let call = TraceCall.enterFromUser("PublishSubject.dispose", on: self); defer { call.exit() }
        let isFirstDispose = lock.performLocked { () -> Bool in
            let wasDisposed = disposed
            disposed = true
            observers.removeAll()
            stoppedEvent = nil
            return !wasDisposed
        }
        if isFirstDispose {
            Instrumentation.objectDisposed(traceObjectID)
        }
    }

    deinit {
        Resources.decrementTotal()
    }
}

// All mutable state (`disposed`, `observers`, `stopped`, `stoppedEvent`) is read and written
// only while holding `lock`.
extension PublishSubject: @unchecked Sendable {}

// Performance: `on`, `subscribe` and their `synchronized_` halves are @inlinable (state
// @usableFromInline, guarded by `lock`, so without dynamic exclusivity checks), so a client
// specializes delivery and the stored observer closure (rows W1s, W3, W4, W5z); see
// Documentation/Performance.md.
// Performance: each event is recorded with its observer's trace id looked up once, at subscribe
// and only while recording, instead of a dynamic cast per event (W1s recorded: ~300
// instructions per element under callgrind, Documentation/Recording.md), and by `dispatch`,
// which `on(_:)` specializes, instead of the stored closure, which is not specialized and
// looked up `Event<Element>`'s metadata for each (RXTRACE_DETAIL=events; Recording.md).
