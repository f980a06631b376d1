// Mirrors RxSwift's RxSwift/Observables/Multicast.swift: connectable observables (`multicast`,
// `publish`, `replay`, `replayAll`), `refCount`, and the selector form of `multicast`.
// Deviation from RxSwift: `publish`, `replay` and `replayAll` make the adapter directly (RxSwift: via
// `multicast(makeSubject:)`); the adapter makes its subject under its lock on subscribe too (RxSwift:
// unlocked there); `RefCountSink`'s disposal is its method `unsubscribe` (RxSwift: a closure);
// `Connection.dispose` unsubscribes from the source after unlocking, as on RxSwift's main branch
// after 6.10.2 (6.10.2: under the adapter's lock).

import Synchronization

/// An observable wrapper that shares one subscription to its source through a subject, made
/// when ``connect()`` is called and ended when the connection is disposed.
///
/// Subscribers subscribe to the subject and get what the source sends while connected.
/// `publish()`, `replay(_:)`, `replayAll()` and the `multicast` forms create one.
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType {
    /// Subscribes the subject to the source; the subscribers get the source's events as long
    /// as the connection lasts.
    ///
    /// - Returns: the connection; disposing it unsubscribes the subject from the source.
    public func connect() -> Disposable {
        rxAbstractMethod()
    }

    /// Records that user code at `file`:`line` built this connectable observable with
    /// `name`, and returns it with its connectable type.
    final func assembledConnectable(
        by name: StaticString
    ) -> ConnectableObservable<Element> {
        _ = assembled(by: name)
        return self
    }
}

extension ObservableType {
    /// Multicasts the source through a new subject for each subscription, inside `selector`.
    ///
    /// Each subscription calls `subjectSelector` for a subject, hands `selector` a
    /// connectable observable over it, subscribes to what `selector` returns and then
    /// connects. An error either closure throws ends that subscription with it.
    ///
    /// - Parameters:
    ///   - subjectSelector: makes the subject the source's events pass through.
    ///   - selector: builds the result from the shared, multicast source.
    /// - Returns: the sequence `selector` built, one per subscription.
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        let call = TraceCall.enter("multicast"); defer { call.exit() }
        return Multicast(source: asObservable(), subjectSelector: subjectSelector, selector: selector)
            .assembled(by: "multicast")
    }

    /// A connectable observable that shares one subscription to this sequence through a
    /// `PublishSubject`: subscribers get what is sent while connected, after they subscribed.
    ///
    /// A new subject is made for each connection, as with ``multicast(makeSubject:)``.
    public func publish() -> ConnectableObservable<Element> {
        let call = TraceCall.enter("publish"); defer { call.exit() }
        return ConnectableObservableAdapter(source: asObservable(), makeSubject: { PublishSubject<Element>() })
            .assembledConnectable(by: "publish")
    }

    /// A connectable observable that shares one subscription to this sequence through a
    /// `ReplaySubject` of `bufferSize`: a new subscriber first gets up to the last
    /// `bufferSize` elements of the current connection.
    ///
    /// A new subject is made for each connection, as with ``multicast(makeSubject:)``.
    public func replay(
        _ bufferSize: Int
    ) -> ConnectableObservable<Element> {
        let call = TraceCall.enter("replay"); defer { call.exit() }
        return ConnectableObservableAdapter(
            source: asObservable(), makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) }
        ).assembledConnectable(by: "replay")
    }

    /// A connectable observable that shares one subscription to this sequence through an
    /// unbounded `ReplaySubject`: a new subscriber first gets every element of the current
    /// connection.
    public func replayAll() -> ConnectableObservable<Element> {
        let call = TraceCall.enter("replayAll"); defer { call.exit() }
        return ConnectableObservableAdapter(
            source: asObservable(), makeSubject: { ReplaySubject<Element>.createUnbounded() }
        ).assembledConnectable(by: "replayAll")
    }

    /// A connectable observable that, once connected, sends this sequence's events into
    /// `subject`; subscribers subscribe to `subject`.
    ///
    /// The same subject serves every connection, so it keeps what it holds (a replay buffer,
    /// a stop event) across them.
    public func multicast<Subject: SubjectType>(
        _ subject: Subject
    ) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
        let call = TraceCall.enter("multicast"); defer { call.exit() }
        return ConnectableObservableAdapter(source: asObservable(), makeSubject: { subject })
            .assembledConnectable(by: "multicast")
    }

    /// A connectable observable that sends this sequence's events into a subject made by
    /// `makeSubject` for each connection.
    ///
    /// The subject is dropped when its connection is disposed or the source terminates; the
    /// next subscriber or connection gets a new one.
    public func multicast<Subject: SubjectType>(
        makeSubject: @escaping () -> Subject
    ) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
        let call = TraceCall.enter("multicast"); defer { call.exit() }
        return ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject)
            .assembledConnectable(by: "multicast")
    }
}

extension ConnectableObservableType {
    /// An observable that connects this connectable observable when its subscriber count
    /// goes from zero to one and disconnects it when the count drops back to zero.
    ///
    /// When the source terminates, the connection is dropped too, so the next subscriber
    /// connects again.
    public func refCount() -> Observable<Element> {
        let call = TraceCall.enter("refCount"); defer { call.exit() }
        return RefCount(source: self).assembled(by: "refCount")
    }
}

// MARK: - Sinks

/// One connection of a ``ConnectableObservableAdapter``: observes the source and sends what
/// it gets into the adapter's subject.
///
/// Created by `ConnectableObservableAdapter.connect`, which returns it as the disposable.
/// Disposing it (or a stop event from the source) unsubscribes from the source and clears the
/// adapter's connection and subject, so that the next `connect` starts over.
final class Connection<Subject: SubjectType>: ObserverType, Disposable, TraceableObject {
    typealias Element = Subject.Observer.Element

    /// The adapter's lock.
    private let lock: RecursiveLock
    /// The adapter this connection belongs to, until disposed. Guarded by `lock`.
    private var parent: ConnectableObservableAdapter<Subject>?
    /// The subscription to the source, until disposed. Guarded by `lock`.
    private var subscription: Disposable?
    /// The subject's observer side, which gets the source's events.
    private let subjectObserver: Subject.Observer
    /// Set once disposed, read without the lock by `on`.
    private let disposed = Atomic<Bool>(false)

    /// The id the recorder gave this connection, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(
        parent: ConnectableObservableAdapter<Subject>, subjectObserver: Subject.Observer,
        lock: RecursiveLock, subscription: Disposable
    ) {
        self.parent = parent
        self.subscription = subscription
        self.lock = lock
        self.subjectObserver = subjectObserver
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Passes `event` to the subject; on a stop event, disconnects first.
    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("Connection.on", on: self, event: event); defer { call.exit() }
        if disposed.load(ordering: .acquiring) {
            return
        }
        if event.isStopEvent {
            dispose()
        }
        Instrumentation.recordEvent(event, from: traceObjectID, to: subjectObserver)
        subjectObserver.on(event)
    }

    /// Disconnects: if this is still the adapter's connection, clears the adapter's connection
    /// and subject, then, after unlocking, unsubscribes from the source.
    func dispose() {
        let call = TraceCall.enter("Connection.dispose", on: self); defer { call.exit() }
        let subscription = lock.performLocked { synchronized_dispose() }
        subscription?.dispose()
    }

    /// Marks the connection disposed and detaches it from the adapter; returns the
    /// subscription to the source for the caller to dispose after unlocking, or `nil` when
    /// already disposed. Caller holds `lock`.
    private func synchronized_dispose() -> Disposable? {
        disposed.store(true, ordering: .releasing)
        guard let parent else { return nil }
        Instrumentation.objectDisposed(traceObjectID)
        if parent.connection === self {
            parent.connection = nil
            parent.subject = nil
        }
        self.parent = nil
        let subscription = self.subscription
        self.subscription = nil
        return subscription
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// `parent` and `subscription` are read and written only while holding the adapter's `lock`;
// `disposed` is atomic.
extension Connection: @unchecked Sendable {}

/// One subscription's state for `refCount`: forwards the connectable source's events, and
/// counts itself in the producer so that the first subscriber connects and the last one to
/// leave disconnects.
///
/// Created by `RefCount.run`; released when the subscription is disposed or terminates.
final class RefCountSink<ConnectableSource: ConnectableObservableType, Observer: ObserverType>:
    Sink<Observer>, ObserverType
where ConnectableSource.Element == Observer.Element {
    typealias Element = Observer.Element
    typealias Parent = RefCount<ConnectableSource>

    private let parent: Parent
    /// The producer's `connectionID` when this sink joined; a later connection is not this
    /// sink's to end. Guarded by the producer's `lock`.
    private var connectionIDSnapshot: Int64 = -1

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the connectable source, then connects it if this is the first
    /// subscriber; returns the disposable that unsubscribes and, for the last subscriber,
    /// disconnects.
    func run() -> Disposable {
        let call = TraceCall.enter("RefCountSink.run", on: self, detail: parent.joinDetail()); defer { call.exit() }
        let subscription = parent.source.subscribeSafe(self)
        parent.lock.lock(); defer { parent.lock.unlock() }

        connectionIDSnapshot = parent.connectionID

        if isDisposed {
            return Disposables.create()
        }

        if parent.count == 0 {
            parent.count = 1
            parent.connectableSubscription = parent.source.connect()
        } else {
            parent.count += 1
        }

        return Disposables.create {
            self.unsubscribe(subscription)
        }
    }

    /// Ends this sink's subscription to the connectable source and, when it was the last
    /// subscriber of the current connection, disconnects.
    private func unsubscribe(_ subscription: Disposable) {
        let call = TraceCall.enter("RefCountSink.unsubscribe", on: self, detail: leaveDetail()); defer { call.exit() }
        subscription.dispose()
        parent.lock.lock(); defer { parent.lock.unlock() }
        if parent.connectionID != connectionIDSnapshot {
            return
        }
        if parent.count == 1 {
            parent.count = 0
            guard let connectableSubscription = parent.connectableSubscription else {
                return
            }
            connectableSubscription.dispose()
            parent.connectableSubscription = nil
        } else if parent.count > 1 {
            parent.count -= 1
        } else {
            rxFatalError("RefCount was disposed more often than it was subscribed")
        }
    }

    /// Forwards `event`; on a stop event, first drops the current connection, so that the
    /// next subscriber connects anew.
    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("RefCountSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            forwardOn(event)
        case .error, .completed:
            parent.lock.performLocked {
                guard parent.connectionID == connectionIDSnapshot else { return }
                let connection = parent.connectableSubscription
                parent.count = 0
                parent.connectionID = parent.connectionID &+ 1
                parent.connectableSubscription = nil
                connection?.dispose()
            }
            forwardOn(event)
            dispose()
        }
    }
}

/// One subscription's state for the selector form of `multicast`: its own subject and
/// connectable observable, the selector's result it forwards, and the connection.
///
/// Created by `Multicast.run`; released when the subscription is disposed or terminates.
final class MulticastSink<Subject: SubjectType, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = Multicast<Subject, Observer.Element>

    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Makes the subject, subscribes to the selector's result, then connects; an error the
    /// closures throw ends the subscription.
    func run() -> Disposable {
        let call = TraceCall.enter("MulticastSink.run", on: self); defer { call.exit() }
        do {
            let subject = try parent.subjectSelector()
            let connectable = ConnectableObservableAdapter(source: parent.source, makeSubject: { subject })
            let observable = try parent.selector(connectable)
            let subscription = observable.subscribeSafe(self)
            let connection = connectable.connect()
            return Disposables.create(subscription, connection)
        } catch {
            forwardOn(.error(error))
            dispose()
            return Disposables.create()
        }
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("MulticastSink.on", on: self, event: event); defer { call.exit() }
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}

// MARK: - Producers

/// The connectable observable `multicast`, `publish`, `replay` and `replayAll` return: its
/// source, how it makes its subject, and the current subject and connection.
///
/// Subscribers subscribe to the subject (made on first need); ``connect()`` subscribes the
/// subject to the source through a ``Connection``, or returns the current one.
final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element> {
    private let source: Observable<Subject.Observer.Element>
    private let makeSubject: () -> Subject

    let lock = RecursiveLock()
    /// The subject of the current or next connection. Guarded by `lock`.
    var subject: Subject?
    /// The current connection. Guarded by `lock`.
    var connection: Connection<Subject>?

    init(source: Observable<Subject.Observer.Element>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
        super.init()
    }

    override func connect() -> Disposable {
        let call = TraceCall.enterFromUser("ConnectableObservableAdapter.connect", on: self); defer { call.exit() }
        return lock.performLocked {
            if let connection {
                return connection
            }
            let subscription = SingleAssignmentDisposable()
            let connection = Connection(
                parent: self, subjectObserver: lazySubject.asObserver(), lock: lock, subscription: subscription
            )
            self.connection = connection
            subscription.setDisposable(source.subscribeSafe(connection))
            return connection
        }
    }

    /// The current subject, made by `makeSubject` if there is none.
    private var lazySubject: Subject {
        lock.performLocked {
            if let subject {
                return subject
            }
            let subject = makeSubject()
            self.subject = subject
            return subject
        }
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Subject.Element {
        let call = TraceCall.enter("ConnectableObservableAdapter.subscribe", on: self); defer { call.exit() }
        return lazySubject.subscribeSafe(observer)
    }
}

// `subject` and `connection` are read and written only while holding `lock`.
extension ConnectableObservableAdapter: @unchecked Sendable {}

/// The observable `refCount` returns: its connectable source, and the state its subscribers
/// share (how many there are, the current connection and its number).
final class RefCount<ConnectableSource: ConnectableObservableType>: Producer<ConnectableSource.Element> {
    let lock = RecursiveLock()
    /// How many subscribers the current connection has. Guarded by `lock`.
    var count = 0
    /// Numbers the connections; a terminated connection gets the next one. Guarded by `lock`.
    var connectionID: Int64 = 0
    /// The current connection, while connected. Guarded by `lock`.
    var connectableSubscription: Disposable?

    let source: ConnectableSource

    init(source: ConnectableSource) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == ConnectableSource.Element {
        let call = TraceCall.enter("RefCount.run", on: self); defer { call.exit() }
        let sink = RefCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

// `count`, `connectionID` and `connectableSubscription` are read and written only while
// holding `lock`.
extension RefCount: @unchecked Sendable {}

/// The observable the selector form of `multicast` returns: its source and the two closures.
/// Each subscription gets a ``MulticastSink``.
final class Multicast<Subject: SubjectType, Result>: Producer<Result> {
    typealias SubjectSelectorType = () throws -> Subject
    typealias SelectorType = (Observable<Subject.Element>) throws -> Observable<Result>

    let source: Observable<Subject.Observer.Element>
    let subjectSelector: SubjectSelectorType
    let selector: SelectorType

    init(source: Observable<Subject.Observer.Element>, subjectSelector: @escaping SubjectSelectorType, selector: @escaping SelectorType) {
        self.source = source
        self.subjectSelector = subjectSelector
        self.selector = selector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Result {
        let call = TraceCall.enter("Multicast.run", on: self); defer { call.exit() }
        let sink = MulticastSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

extension RefCount {
    /// What `RefCountSink.run` carries: the subscriber count a new subscriber makes and
    /// whether it connects (`refcount 1, connects`, `refcount 2`).
    ///
    /// Read at the step's start, under `lock`, before the sink subscribes to the connectable
    /// source: a source that stops the sink synchronously inside that subscribe (a finished
    /// `ReplaySubject`) resets the count in `RefCountSink.on` before `run` would count it, which
    /// the trace shows as that stop event after this detail. Built only while a recorder
    /// records calls.
    func joinDetail() -> TraceDetail {
        lock.performLocked {
            TraceDetail(count == 0 ? "refcount 1, connects" : "refcount \(count + 1)")
        }
    }
}

extension RefCountSink {
    /// What `RefCountSink.unsubscribe` carries: the subscriber count it leaves and whether it
    /// disconnects (`refcount 1`, `refcount 0, disconnects`), or that the connection it joined
    /// has ended already. Read at the step's start, under the producer's `lock`; built only
    /// while a recorder records calls.
    fileprivate func leaveDetail() -> TraceDetail {
        parent.lock.performLocked {
            if parent.connectionID != connectionIDSnapshot {
                return TraceDetail("refcount \(parent.count), its connection ended")
            }
            return TraceDetail(parent.count <= 1 ? "refcount 0, disconnects" : "refcount \(parent.count - 1)")
        }
    }
}
