// Mirrors RxSwift's RxSwift/Observables/ShareReplayScope.swift.
// Deviation from RxSwift: when the source terminates, `ShareReplay1WhileConnectedConnection`
// and `ShareWhileConnectedConnection` also dispose their subscription to it (after unlocking).
// RxSwift 6's leave that to the source, which a `Producer` does, but a subject or a hot test
// observable never does: the subscription would stay open, and the connection alive, in a
// cycle with the source. The ends of subscriptions then match what RxSwift's own tests
// expect of `share` (`Subscription(200, 330)` for a source completing at 330). With a
// `Producer` source, its disposal now runs while the stop event is being forwarded, so a
// `do(onDispose:)` before `share` runs before that `do`'s `afterCompleted`/`afterError`.

/// How long the subject behind `share(replay:scope:)` lives, and so what a later subscriber
/// can be replayed.
public enum SubjectLifetimeScope {
    /// Each connection to the source has its own subject: when the subscriber count drops to
    /// zero, or the source terminates, the subject and its replay buffer are dropped, and the
    /// next subscriber connects anew (so `retry` and `repeat` after `share` subscribe again).
    ///
    /// Behaves as `source.multicast(makeSubject: { ReplaySubject.create(bufferSize: replay) }).refCount()`.
    case whileConnected

    /// One subject serves every connection: it keeps its buffer after the subscriber count
    /// drops to zero, and after the source terminates it replays the buffer and the stop
    /// event to every new subscriber without subscribing to the source again.
    ///
    /// Behaves as `source.multicast(ReplaySubject.create(bufferSize: replay)).refCount()`.
    case forever
}

extension ObservableType {
    /// Shares one subscription to this sequence among all subscribers, replaying up to the
    /// last `replay` elements to each new subscriber.
    ///
    /// The source is subscribed when the first subscriber comes and unsubscribed when the last
    /// one leaves. `scope` says whether the replay buffer survives that (``SubjectLifetimeScope``).
    /// `replay` 0 and 1 with `.whileConnected` use dedicated implementations, as in RxSwift.
    ///
    /// - Parameters:
    ///   - replay: how many of the latest elements a new subscriber gets first.
    ///   - scope: how long the shared subject lives.
    /// - Returns: the shared sequence.
    public func share(
        replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected
    ) -> Observable<Element> {
        let call = TraceCall.enter("share"); defer { call.exit() }
        let source = asObservable()
        let shared: Observable<Element>
        switch (scope, replay) {
        case (.forever, 0):
            let subject = PublishSubject<Element>()
            shared = RefCount(source: ConnectableObservableAdapter(source: source, makeSubject: { subject }))
        case (.forever, _):
            let subject = ReplaySubject<Element>.create(bufferSize: replay)
            shared = RefCount(source: ConnectableObservableAdapter(source: source, makeSubject: { subject }))
        case (.whileConnected, 0):
            shared = ShareWhileConnected(source: source)
        case (.whileConnected, 1):
            shared = ShareReplay1WhileConnected(source: source)
        case (.whileConnected, _):
            shared = RefCount(
                source: ConnectableObservableAdapter(
                    source: source, makeSubject: { ReplaySubject<Element>.create(bufferSize: replay) }
                )
            )
        }
        return shared.assembled(by: "share")
    }
}

// MARK: - Connections

/// One connection of `share(replay: 1, scope: .whileConnected)`: the subscription to the
/// source, the subscribers, and the latest element, replayed to each new subscriber.
///
/// Created by ``ShareReplay1WhileConnected`` for its first subscriber; ends, forgetting the
/// element, when the last subscriber leaves or the source terminates.
final class ShareReplay1WhileConnectedConnection<Element>: ObserverType, SynchronizedUnsubscribeType, TraceableObject {
    typealias Observers = Bag<(Event<Element>) -> Void>
    typealias DisposeKey = BagKey
    typealias Parent = ShareReplay1WhileConnected<Element>

    private let parent: Parent
    private let subscription = SingleAssignmentDisposable()

    /// The parent's lock.
    private let lock: RecursiveLock
    /// Whether the connection ended. Guarded by `lock`.
    private var disposed = false
    /// The subscribers. Guarded by `lock`.
    private(set) var observers = Observers()
    /// The latest element. Guarded by `lock`.
    private var element: Element?

    /// The id the recorder gave this connection, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent, lock: RecursiveLock) {
        self.parent = parent
        self.lock = lock
        Resources.incrementTotal()
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Keeps an element and sends it to the subscribers; a stop event ends the connection.
    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("ShareReplay1WhileConnectedConnection.on", on: self, event: event)
        defer { call.exit() }
        let (recipients, isEnding) = lock.performLocked { synchronized_on(event) }
        recipients.dispatch(event, from: traceObjectID)
        if isEnding {
            subscription.dispose()
        }
    }

    /// Updates the state for `event`; returns the subscribers to deliver it to, and whether
    /// the connection ended. Caller holds `lock`.
    private func synchronized_on(_ event: Event<Element>) -> (Observers, Bool) {
        if disposed {
            return (Observers(), false)
        }
        switch event {
        case .next(let element):
            self.element = element
            return (observers, false)
        case .error, .completed:
            let recipients = observers
            synchronized_dispose()
            return (recipients, true)
        }
    }

    /// Subscribes this connection to the source.
    func connect() {
        let call = TraceCall.enter("ShareReplay1WhileConnectedConnection.connect", on: self); defer { call.exit() }
        subscription.setDisposable(parent.source.subscribeSafe(self))
    }

    /// Adds `observer` to the subscribers; returns its disposable and the element to replay to
    /// it once the caller has unlocked. Takes `lock` (the parent already holds it).
    ///
    /// As in RxSwift 6.10, the replay is left to the caller, after unlocking: user code that
    /// runs in the replayed element can then send into the source or subscribe from another
    /// thread without deadlocking, and an element it sends reaches `observer` too. An element
    /// sent from another thread meanwhile can therefore reach `observer` before the replayed
    /// one.
    func synchronized_subscribe<Observer: ObserverType>(_ observer: Observer) -> (Disposable, Element?)
    where Observer.Element == Element {
        let call = TraceCall.enter("ShareReplay1WhileConnectedConnection.synchronized_subscribe", on: self, detail: replayDetail())
        defer { call.exit() }
        return lock.performLocked {
            // `on(_:)`'s `dispatch` records each event to the observer's trace id, looked up once here.
            let target = Instrumentation.isRecording ? Instrumentation.traceID(of: observer) : .none
            let key = observers.insert({ event in
                observer.on(event)
            }, for: Instrumentation.traceName(of: observer), recipient: target)
            return (SubscriptionDisposable(owner: self, key: key), element)
        }
    }

    /// Sends `observer` the element ``synchronized_subscribe(_:)`` returned. Called without
    /// holding `lock`.
    func replay<Observer: ObserverType>(_ element: Element, to observer: Observer) where Observer.Element == Element {
        let replayed = Event<Element>.next(element)
        Instrumentation.recordEvent(replayed, from: traceObjectID, to: observer)
        observer.on(replayed)
    }

    /// Ends the connection: detaches it from the parent and drops the subscribers. Caller
    /// holds `lock`.
    private func synchronized_dispose() {
        disposed = true
        if parent.connection === self {
            parent.connection = nil
        }
        observers = Observers()
        Instrumentation.objectDisposed(traceObjectID)
    }

    /// Removes a subscriber; when it was the last one, ends the connection and unsubscribes
    /// from the source.
    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        let call = TraceCall.enter("ShareReplay1WhileConnectedConnection.synchronizedUnsubscribe", on: self, detail: TraceDetail(disposeKey.traceDescription))
        defer { call.exit() }
        if lock.performLocked({ synchronized_unsubscribe(disposeKey) }) {
            subscription.dispose()
        }
    }

    /// Removes a subscriber; returns whether that ended the connection. Caller holds `lock`.
    private func synchronized_unsubscribe(_ disposeKey: DisposeKey) -> Bool {
        if observers.removeKey(disposeKey) == nil {
            return false
        }
        if observers.count == 0 {
            synchronized_dispose()
            return true
        }
        return false
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
        Resources.decrementTotal()
    }
}

// `disposed`, `observers` and `element` are read and written only while holding `lock`.
extension ShareReplay1WhileConnectedConnection: @unchecked Sendable {}

/// One connection of `share(replay: 0, scope: .whileConnected)`: the subscription to the
/// source and the subscribers.
///
/// Created by ``ShareWhileConnected`` for its first subscriber; ends when the last
/// subscriber leaves or the source terminates.
final class ShareWhileConnectedConnection<Element>: ObserverType, SynchronizedUnsubscribeType, TraceableObject {
    typealias Observers = Bag<(Event<Element>) -> Void>
    typealias DisposeKey = BagKey
    typealias Parent = ShareWhileConnected<Element>

    private let parent: Parent
    private let subscription = SingleAssignmentDisposable()

    /// The parent's lock.
    private let lock: RecursiveLock
    /// Whether the connection ended. Guarded by `lock`.
    private var disposed = false
    /// The subscribers. Guarded by `lock`.
    private(set) var observers = Observers()

    /// The id the recorder gave this connection, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent, lock: RecursiveLock) {
        self.parent = parent
        self.lock = lock
        Resources.incrementTotal()
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Sends `event` to the subscribers; a stop event ends the connection.
    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("ShareWhileConnectedConnection.on", on: self, event: event); defer { call.exit() }
        let (recipients, isEnding) = lock.performLocked { synchronized_on(event) }
        recipients.dispatch(event, from: traceObjectID)
        if isEnding {
            subscription.dispose()
        }
    }

    /// Returns the subscribers to deliver `event` to, and whether the connection ended.
    /// Caller holds `lock`.
    private func synchronized_on(_ event: Event<Element>) -> (Observers, Bool) {
        if disposed {
            return (Observers(), false)
        }
        switch event {
        case .next:
            return (observers, false)
        case .error, .completed:
            let recipients = observers
            synchronized_dispose()
            return (recipients, true)
        }
    }

    /// Subscribes this connection to the source.
    func connect() {
        let call = TraceCall.enter("ShareWhileConnectedConnection.connect", on: self); defer { call.exit() }
        subscription.setDisposable(parent.source.subscribeSafe(self))
    }

    /// Adds `observer` to the subscribers. Takes `lock` (the parent already holds it).
    func synchronized_subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("ShareWhileConnectedConnection.synchronized_subscribe", on: self)
        defer { call.exit() }
        return lock.performLocked {
            // `on(_:)`'s `dispatch` records each event to the observer's trace id, looked up once here.
            let target = Instrumentation.isRecording ? Instrumentation.traceID(of: observer) : .none
            let key = observers.insert({ event in
                observer.on(event)
            }, for: Instrumentation.traceName(of: observer), recipient: target)
            return SubscriptionDisposable(owner: self, key: key)
        }
    }

    /// Ends the connection: detaches it from the parent and drops the subscribers. Caller
    /// holds `lock`.
    private func synchronized_dispose() {
        disposed = true
        if parent.connection === self {
            parent.connection = nil
        }
        observers = Observers()
        Instrumentation.objectDisposed(traceObjectID)
    }

    /// Removes a subscriber; when it was the last one, ends the connection and unsubscribes
    /// from the source.
    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        let call = TraceCall.enter("ShareWhileConnectedConnection.synchronizedUnsubscribe", on: self, detail: TraceDetail(disposeKey.traceDescription))
        defer { call.exit() }
        if lock.performLocked({ synchronized_unsubscribe(disposeKey) }) {
            subscription.dispose()
        }
    }

    /// Removes a subscriber; returns whether that ended the connection. Caller holds `lock`.
    private func synchronized_unsubscribe(_ disposeKey: DisposeKey) -> Bool {
        if observers.removeKey(disposeKey) == nil {
            return false
        }
        if observers.count == 0 {
            synchronized_dispose()
            return true
        }
        return false
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
        Resources.decrementTotal()
    }
}

// `disposed` and `observers` are read and written only while holding `lock`.
extension ShareWhileConnectedConnection: @unchecked Sendable {}

// MARK: - Observables

/// The observable `share(replay: 1, scope: .whileConnected)` returns: its source and the
/// current ``ShareReplay1WhileConnectedConnection``, made for the first subscriber.
final class ShareReplay1WhileConnected<Element>: Observable<Element> {
    typealias Connection = ShareReplay1WhileConnectedConnection<Element>

    let source: Observable<Element>
    private let lock = RecursiveLock()
    /// The current connection. Guarded by `lock`.
    var connection: Connection?

    init(source: Observable<Element>) {
        self.source = source
        super.init()
    }

    /// Adds `observer` to the current connection, then, after unlocking, replays the latest
    /// element to it, and connects when it is the first subscriber.
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("ShareReplay1WhileConnected.subscribe", on: self); defer { call.exit() }
        lock.lock()
        let connection = synchronized_connection()
        let count = connection.observers.count
        let (disposable, element) = connection.synchronized_subscribe(observer)
        lock.unlock()

        if let element {
            connection.replay(element, to: observer)
        }
        if count == 0 {
            connection.connect()
        }
        return disposable
    }

    /// The current connection, made if there is none. Caller holds `lock`.
    private func synchronized_connection() -> Connection {
        if let connection {
            return connection
        }
        let connection = Connection(parent: self, lock: lock)
        self.connection = connection
        return connection
    }
}

// `connection` is read and written only while holding `lock`.
extension ShareReplay1WhileConnected: @unchecked Sendable {}

/// The observable `share(replay: 0, scope: .whileConnected)` returns: its source and the
/// current ``ShareWhileConnectedConnection``, made for the first subscriber.
final class ShareWhileConnected<Element>: Observable<Element> {
    typealias Connection = ShareWhileConnectedConnection<Element>

    let source: Observable<Element>
    private let lock = RecursiveLock()
    /// The current connection. Guarded by `lock`.
    var connection: Connection?

    init(source: Observable<Element>) {
        self.source = source
        super.init()
    }

    /// Adds `observer` to the current connection, and connects after unlocking when it is the
    /// first subscriber.
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("ShareWhileConnected.subscribe", on: self); defer { call.exit() }
        lock.lock()
        let connection = synchronized_connection()
        let count = connection.observers.count
        let disposable = connection.synchronized_subscribe(observer)
        lock.unlock()

        if count == 0 {
            connection.connect()
        }
        return disposable
    }

    /// The current connection, made if there is none. Caller holds `lock`.
    private func synchronized_connection() -> Connection {
        if let connection {
            return connection
        }
        let connection = Connection(parent: self, lock: lock)
        self.connection = connection
        return connection
    }
}

// `connection` is read and written only while holding `lock`.
extension ShareWhileConnected: @unchecked Sendable {}

extension ShareReplay1WhileConnectedConnection {
    /// What `synchronized_subscribe` carries: whether it replays the latest element, and the
    /// buffer of one (`replays 1, buffer 1 of 1`). Built only while a recorder records calls;
    /// the caller (the parent's `subscribe`) holds `lock`, which guards `element`.
    private func replayDetail() -> TraceDetail {
        let count = lock.performLocked { element == nil ? 0 : 1 }
        return TraceDetail("replays \(count), buffer \(count) of 1")
    }
}
