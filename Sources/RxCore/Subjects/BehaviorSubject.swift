// Mirrors RxSwift's RxSwift/Subjects/BehaviorSubject.swift.
// Simpler than RxSwift: no DEBUG `SynchronizationTracker` (RxSwift's check that `on` is never
// called concurrently or reentrantly); the lock alone keeps the state consistent.
// Deviation from RxSwift: each stored observer is kept with its trace id, and `dispatch`
// records the event it delivers to each (`Instrumentation.recordEvent`) before calling it, so
// that the trace can name the receiving observer.

/// A subject that holds a current value: each new subscriber first gets that value, then
/// every later event.
///
/// ``value()`` reads the current value. Once the subject has stopped, new subscribers get the
/// stop event; once it was disposed, they get ``RxError/disposed(object:)``. Counted twice in
/// ``Resources/total`` (as an ``Observable`` and as a subject), as in RxSwift.
public final class BehaviorSubject<Element>:
    Observable<Element>, SubjectType, ObserverType, SynchronizedUnsubscribeType, Cancelable
{
    typealias Observers = Bag<(Event<Element>) -> Void>
    @usableFromInline typealias DisposeKey = BagKey
    /// The type of the observer side: the subject itself.
    public typealias SubjectObserverType = BehaviorSubject<Element>

    private let lock = RecursiveLock()
    /// Whether ``dispose()`` was called. Guarded by `lock`.
    private var disposed = false
    /// The current value. Guarded by `lock`.
    private var element: Element
    /// The current subscribers, in subscription order. Guarded by `lock`.
    private var observers = Observers()
    /// The stop event received, replayed to later subscribers. Guarded by `lock`.
    private var stoppedEvent: Event<Element>?

    /// A subject whose current value is `value`.
    public init(value: Element) {
        self.element = value
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

    /// The current value.
    ///
    /// - Throws: ``RxError/disposed(object:)`` after ``dispose()``; the error the subject
    ///   received, after an `error` event.
    public func value() throws -> Element {
        try lock.performLocked {
            if disposed {
                throw RxError.disposed(object: self)
            }
            if let error = stoppedEvent?.error {
                throw error
            }
            return element
        }
    }

    /// Stores a `next` element as the current value and sends `event` to every subscriber;
    /// after a stop event or ``dispose()``, does nothing.
    public func on(_ event: Event<Element>) {
        let call = TraceCall.enterFromUser("BehaviorSubject.on", on: self, event: event); defer { call.exit() }
        let recipients = lock.performLocked { synchronized_on(event) }
        recipients.dispatch(event, from: traceObjectID)
    }

    /// Updates the state for `event` and returns the subscribers to deliver it to. Caller
    /// holds `lock`.
    private func synchronized_on(_ event: Event<Element>) -> Observers {
        let call = TraceCall.enter("BehaviorSubject.synchronized_on", on: self, event: event); defer { call.exit() }
        if stoppedEvent != nil || disposed {
            return Observers()
        }
        switch event {
        case .next(let element):
            self.element = element
        case .error, .completed:
            stoppedEvent = event
        }
        return observers
    }

    /// Subscribes `observer`: sends it the current value, then the events sent from now on.
    ///
    /// - Returns: a disposable that unsubscribes `observer`, or the no-op disposable when the
    ///   subject had stopped or was disposed.
    public override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("BehaviorSubject.subscribe", on: self); defer { call.exit() }
        return lock.performLocked { synchronized_subscribe(observer) }
    }

    /// Adds `observer` and sends it the current value, or sends it the disposed error or the
    /// stop event. Caller holds `lock`.
    ///
    /// As in RxSwift, the current value is sent while holding the lock: otherwise a `next`
    /// sent from another thread could reach the new subscriber before the older value does.
    private func synchronized_subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("BehaviorSubject.synchronized_subscribe", on: self); defer { call.exit() }
        if disposed {
            let error = Event<Element>.error(RxError.disposed(object: self))
            Instrumentation.recordEvent(error, from: traceObjectID, to: observer)
            observer.on(error)
            return Disposables.create()
        }
        if let stoppedEvent {
            Instrumentation.recordEvent(stoppedEvent, from: traceObjectID, to: observer)
            observer.on(stoppedEvent)
            return Disposables.create()
        }
        // `on(_:)`'s `dispatch` records each event to the observer's trace id, looked up once here.
        let target = Instrumentation.isRecording ? Instrumentation.traceID(of: observer) : .none
        let key = observers.insert({ event in
            observer.on(event)
        }, for: Instrumentation.traceName(of: observer), recipient: target)
        let current = Event.next(element)
        Instrumentation.recordEvent(current, from: traceObjectID, to: observer)
        observer.on(current)
        return SubscriptionDisposable(owner: self, key: key)
    }

    /// Takes the lock and removes the subscriber stored under `disposeKey`.
    @usableFromInline func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        let call = TraceCall.enter("BehaviorSubject.synchronizedUnsubscribe", on: self); defer { call.exit() }
        lock.performLocked { synchronized_unsubscribe(disposeKey) }
    }

    /// Removes the subscriber stored under `disposeKey`, unless the subject was disposed.
    /// Caller holds `lock`.
    private func synchronized_unsubscribe(_ disposeKey: DisposeKey) {
        let call = TraceCall.enter("BehaviorSubject.synchronized_unsubscribe", on: self, detail: TraceDetail(disposeKey.traceDescription)); defer { call.exit() }
        if disposed {
            return
        }
        observers.removeKey(disposeKey)
    }

    /// This subject, as the observer that feeds it.
    public func asObserver() -> BehaviorSubject<Element> {
        self
    }

    /// Drops every subscriber and the stop event; ``value()`` and later subscribers get
    /// ``RxError/disposed(object:)`` and later events are ignored.
    public func dispose() {
        let call = TraceCall.enterFromUser("BehaviorSubject.dispose", on: self); defer { call.exit() }
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

// All mutable state (`disposed`, `element`, `observers`, `stoppedEvent`) is read and written
// only while holding `lock`.
extension BehaviorSubject: @unchecked Sendable {}

// Performance: `DisposeKey` and `synchronizedUnsubscribe` are @usableFromInline because
// `SynchronizedUnsubscribeType` is (no speed change here); see Documentation/Performance.md.
