// Mirrors RxSwift's RxSwift/Subjects/ReplaySubject.swift.
// Simpler than RxSwift: no DEBUG `SynchronizationTracker` (RxSwift's check that `on` is never
// called concurrently or reentrantly); the lock alone keeps the state consistent.
// Deviation from RxSwift: each stored observer is a closure that records the event it
// delivers (`Instrumentation.recordEvent`) before calling the observer, and the replayed
// elements are recorded the same way, so that the trace can name the receiving observer.
// The buffer is replayed to a new subscriber after unlocking, and events sent meanwhile wait
// for the replay to end (`ReplayingObserver`), as on RxSwift's main branch after 6.10.2
// (6.10.2: replayed under the lock, so an element sent from inside the replay never reached
// the new subscriber).

/// A subject that replays what it buffered to each new subscriber, then sends it every later
/// event.
///
/// ``create(bufferSize:)`` keeps the last `bufferSize` elements, ``createUnbounded()`` keeps
/// them all. A subscriber that comes after the stop event gets the buffer, then the stop event;
/// one that comes after ``dispose()`` gets ``RxError/disposed(object:)``. Counted twice in
/// ``Resources/total`` (as an ``Observable`` and as a subject), as in RxSwift's
/// `TRACE_RESOURCES` builds. The concrete classes are ``ReplayOne`` (a buffer of one),
/// ``ReplayMany`` (a bounded buffer) and ``ReplayAll`` (unbounded).
public class ReplaySubject<Element>: Observable<Element>, SubjectType, ObserverType, Disposable {
    typealias Observers = Bag<(Event<Element>) -> Void>
    typealias DisposeKey = BagKey
    /// The type of the observer side: the subject itself.
    public typealias SubjectObserverType = ReplaySubject<Element>

    fileprivate let lock = RecursiveLock()
    /// Whether ``dispose()`` was called. Guarded by `lock`.
    fileprivate var disposed = false
    /// The stop event received, replayed after the buffer to later subscribers. Guarded by
    /// `lock`.
    fileprivate var stoppedEvent: Event<Element>?
    /// The current subscribers, in subscription order. Guarded by `lock`.
    fileprivate var observers = Observers()

    override init() {
        super.init()
        Resources.incrementTotal()
    }

    /// Whether the subject has subscribers.
    public var hasObservers: Bool {
        lock.performLocked { observers.count > 0 }
    }

    /// Buffers a `next` element and sends `event` to every subscriber; after a stop event or
    /// ``dispose()``, does nothing.
    public func on(_ event: Event<Element>) {
        rxAbstractMethod()
    }

    /// This subject, as the observer that feeds it.
    public func asObserver() -> ReplaySubject<Element> {
        self
    }

    /// Drops every subscriber and the buffer; later subscribers get
    /// ``RxError/disposed(object:)`` and later events are ignored.
    public func dispose() {}

    /// A subject that replays at most the last `bufferSize` elements.
    public static func create(bufferSize: Int) -> ReplaySubject<Element> {
        let call = TraceCall.enter("ReplaySubject.create", detail: "buffer size \(bufferSize)"); defer { call.exit() }
        if bufferSize == 1 {
            return ReplayOne()
        }
        return ReplayMany(bufferSize: bufferSize)
    }

    /// A subject that replays every element it received.
    ///
    /// The buffer only grows: use it where the number of elements stays reasonable.
    public static func createUnbounded() -> ReplaySubject<Element> {
        let call = TraceCall.enter("ReplaySubject.createUnbounded"); defer { call.exit() }
        return ReplayAll()
    }

    deinit {
        Resources.decrementTotal()
    }
}

// All mutable state (`disposed`, `stoppedEvent`, `observers`, and each subclass's buffer) is
// read and written only while holding `lock`.
extension ReplaySubject: @unchecked Sendable {}

/// The shared behaviour of the replay subjects: the state changes, subscribe and unsubscribe;
/// each subclass only says how it keeps, trims and replays its buffer.
class ReplayBufferBase<Element>: ReplaySubject<Element>, SynchronizedUnsubscribeType, @unchecked Sendable {  // state guarded by `lock`
    /// Drops what the buffer no longer keeps. Caller holds `lock`.
    func trim() {
        rxAbstractMethod()
    }

    /// Adds `value` to the buffer. Caller holds `lock`.
    func addValueToBuffer(_ value: Element) {
        rxAbstractMethod()
    }

    /// The buffered elements, oldest first. Caller holds `lock`.
    func synchronized_bufferedElements() -> [Element] {
        rxAbstractMethod()
    }

    /// Sends one replayed event to `observer`, recording it as coming from this subject.
    final func replay<Observer: ObserverType>(_ event: Event<Element>, to observer: Observer)
    where Observer.Element == Element {
        Instrumentation.recordEvent(event, from: traceObjectID, to: observer)
        observer.on(event)
    }

    override func on(_ event: Event<Element>) {
        let call = TraceCall.enterFromUser("ReplaySubject.on", on: self, event: event); defer { call.exit() }
        let recipients = lock.performLocked { synchronized_on(event) }
        recipients.dispatch(event)
    }

    /// Buffers a `next` element, or keeps the stop event and releases the subscribers; returns
    /// the subscribers to deliver `event` to. Caller holds `lock`.
    private func synchronized_on(_ event: Event<Element>) -> Observers {
        let call = TraceCall.enter("ReplaySubject.synchronized_on", on: self, event: event); defer { call.exit() }
        if disposed || stoppedEvent != nil {
            return Observers()
        }
        switch event {
        case .next(let element):
            addValueToBuffer(element)
            trim()
            return observers
        case .error, .completed:
            stoppedEvent = event
            trim()
            let recipients = observers
            observers.removeAll()
            return recipients
        }
    }

    /// Subscribes `observer`: replays the buffer to it, then sends it the stop event or the
    /// events sent from now on.
    ///
    /// The replay runs after unlocking, so code it calls can take other locks, or use this
    /// subject from another thread, without deadlocking. Events sent meanwhile, from any
    /// thread or from inside the replay, reach `observer` after the buffer, in order.
    ///
    /// - Returns: a disposable that unsubscribes `observer`, or the no-op disposable when the
    ///   subject had stopped or was disposed.
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("ReplaySubject.subscribe", on: self); defer { call.exit() }
        let (disposable, replay) = lock.performLocked { synchronized_subscribe(observer) }
        replay()
        return disposable
    }

    /// Adds `observer`, unless the subject stopped or was disposed; returns its disposable and
    /// the replay for the caller to run after unlocking: the buffer and the stop event, or the
    /// buffer then the events that arrived meanwhile, or the disposed error. Caller holds
    /// `lock`.
    private func synchronized_subscribe<Observer: ObserverType>(
        _ observer: Observer
    ) -> (Disposable, () -> Void) where Observer.Element == Element {
        let call = TraceCall.enter("ReplaySubject.synchronized_subscribe", on: self, detail: synchronized_replayDetail()); defer { call.exit() }
        if disposed {
            let error = Event<Element>.error(RxError.disposed(object: self))
            return (Disposables.create(), { self.replay(error, to: observer) })
        }
        let buffered = synchronized_bufferedElements()
        if let stoppedEvent {
            return (Disposables.create(), {
                for element in buffered {
                    self.replay(.next(element), to: observer)
                }
                self.replay(stoppedEvent, to: observer)
            })
        }
        let replaying = ReplayingObserver(observer, source: traceObjectID)
        let key = observers.insert(replaying.on, for: Instrumentation.traceName(of: observer))
        return (SubscriptionDisposable(owner: self, key: key), { replaying.replay(buffered) })
    }

    /// Takes the lock and removes the subscriber stored under `disposeKey`.
    func synchronizedUnsubscribe(_ disposeKey: DisposeKey) {
        let call = TraceCall.enter("ReplaySubject.synchronizedUnsubscribe", on: self); defer { call.exit() }
        lock.performLocked { synchronized_unsubscribe(disposeKey) }
    }

    /// Removes the subscriber stored under `disposeKey`, unless the subject was disposed.
    /// Caller holds `lock`.
    private func synchronized_unsubscribe(_ disposeKey: DisposeKey) {
        let call = TraceCall.enter("ReplaySubject.synchronized_unsubscribe", on: self, detail: TraceDetail(disposeKey.traceDescription)); defer { call.exit() }
        if disposed {
            return
        }
        observers.removeKey(disposeKey)
    }

    override func dispose() {
        let call = TraceCall.enterFromUser("ReplaySubject.dispose", on: self); defer { call.exit() }
        super.dispose()
        let isFirstDispose = lock.performLocked { () -> Bool in
            let wasDisposed = disposed
            synchronized_dispose()
            return !wasDisposed
        }
        if isFirstDispose {
            Instrumentation.objectDisposed(traceObjectID)
        }
    }

    /// Marks the subject disposed and drops the subscribers; subclasses also drop their
    /// buffer. Caller holds `lock`.
    func synchronized_dispose() {
        disposed = true
        observers.removeAll()
    }

    /// How many elements the buffer holds now. Caller holds `lock`.
    func synchronized_bufferCount() -> Int {
        rxAbstractMethod()
    }

    /// The buffer as a step's detail shows it: `buffer 2 of 3`, `buffer 5, unbounded`. Caller
    /// holds `lock`.
    func synchronized_bufferDescription() -> String {
        rxAbstractMethod()
    }

    /// What `ReplaySubject.synchronized_subscribe` carries: how many buffered elements it
    /// replays and the buffer (`replays 2, buffer 2 of 3`); `nil` once disposed, when it
    /// replays nothing but the disposed error. Built only while a recorder records calls.
    /// Caller holds `lock`.
    private func synchronized_replayDetail() -> TraceDetail? {
        if disposed {
            return nil
        }
        return TraceDetail("replays \(synchronized_bufferCount()), \(synchronized_bufferDescription())")
    }
}

/// The replay subject ``ReplaySubject/create(bufferSize:)`` makes for a buffer of one: keeps
/// only the last element.
final class ReplayOne<Element>: ReplayBufferBase<Element>, @unchecked Sendable {  // state guarded by `lock`
    /// The last element. Guarded by `lock`.
    private var value: Element?

    override init() {
        super.init()
    }

    override func trim() {}

    override func addValueToBuffer(_ value: Element) {
        self.value = value
    }

    override func synchronized_bufferedElements() -> [Element] {
        value.map { [$0] } ?? []
    }

    override func synchronized_bufferCount() -> Int {
        value == nil ? 0 : 1
    }

    override func synchronized_bufferDescription() -> String {
        "buffer \(synchronized_bufferCount()) of 1"
    }

    override func synchronized_dispose() {
        super.synchronized_dispose()
        value = nil
    }
}

/// The replay subjects that keep their buffer in a ``Queue``.
class ReplayManyBase<Element>: ReplayBufferBase<Element>, @unchecked Sendable {  // state guarded by `lock`
    /// The buffered elements, oldest first. Guarded by `lock`.
    fileprivate var queue: Queue<Element>

    init(queueSize: Int) {
        queue = Queue(capacity: queueSize + 1)
        super.init()
    }

    override func addValueToBuffer(_ value: Element) {
        queue.enqueue(value)
    }

    override func synchronized_bufferedElements() -> [Element] {
        Array(queue)
    }

    override func synchronized_bufferCount() -> Int {
        queue.count
    }

    override func synchronized_dispose() {
        super.synchronized_dispose()
        queue = Queue(capacity: 0)
    }
}

/// The replay subject ``ReplaySubject/create(bufferSize:)`` makes for any size but one: keeps
/// the last `bufferSize` elements.
final class ReplayMany<Element>: ReplayManyBase<Element>, @unchecked Sendable {  // state guarded by `lock`
    private let bufferSize: Int

    init(bufferSize: Int) {
        self.bufferSize = bufferSize
        super.init(queueSize: bufferSize)
    }

    override func trim() {
        while queue.count > bufferSize {
            queue.dequeue()
        }
    }

    override func synchronized_bufferDescription() -> String {
        "buffer \(queue.count) of \(bufferSize)"
    }
}

/// The replay subject ``ReplaySubject/createUnbounded()`` makes: keeps every element.
final class ReplayAll<Element>: ReplayManyBase<Element>, @unchecked Sendable {  // state guarded by `lock`
    init() {
        super.init(queueSize: 0)
    }

    override func trim() {}

    override func synchronized_bufferDescription() -> String {
        "buffer \(queue.count), unbounded"
    }
}

/// A new subscriber of a replay subject, while the buffer is replayed to it: events the subject
/// sends meanwhile wait in `pending` and follow the buffer, in order.
///
/// Created by `ReplayBufferBase.synchronized_subscribe` and stored (as its `on`) among the
/// subject's observers; lives as long as that subscription.
final class ReplayingObserver<Observer: ObserverType> {
    typealias Element = Observer.Element

    private let observer: Observer
    /// The subject's trace id, which the delivered events are recorded as coming from.
    private let source: ObjectID
    private let lock = RecursiveLock()
    /// Whether the buffer is still being replayed. Guarded by `lock`.
    private var isReplaying = true
    /// The events that arrived during the replay, oldest first. Guarded by `lock`.
    private var pending = Queue<Event<Element>>(capacity: 0)

    init(_ observer: Observer, source: ObjectID) {
        self.observer = observer
        self.source = source
    }

    /// Delivers an event the subject sends, or keeps it for after the replay.
    func on(_ event: Event<Element>) {
        let isDeliverable = lock.performLocked { () -> Bool in
            if isReplaying {
                pending.enqueue(event)
                return false
            }
            return true
        }
        if isDeliverable {
            deliver(event)
        }
    }

    /// Delivers `buffered`, then the events that arrived meanwhile, until none is left; later
    /// events are delivered as they come. Called without holding the subject's lock.
    func replay(_ buffered: [Element]) {
        for element in buffered {
            deliver(.next(element))
        }
        while let event = lock.performLocked({ synchronized_nextPending() }) {
            deliver(event)
        }
    }

    /// The oldest event that arrived during the replay, or `nil` (ending the replay) when none
    /// is left. Caller holds `lock`.
    private func synchronized_nextPending() -> Event<Element>? {
        if let event = pending.dequeue() {
            return event
        }
        isReplaying = false
        return nil
    }

    private func deliver(_ event: Event<Element>) {
        Instrumentation.recordEvent(event, from: source, to: observer)
        observer.on(event)
    }
}

// `isReplaying` and `pending` are read and written only while holding `lock`.
extension ReplayingObserver: @unchecked Sendable {}
