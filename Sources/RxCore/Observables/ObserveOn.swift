// Mirrors RxSwift's RxSwift/Observables/ObserveOn.swift.
// Deviation from RxSwift: `ObserveOn` and `ObserveOnSerialDispatchQueue` always count once more
// in `Resources.total`, and `Resources.numberOfSerialDispatchQueueObservables` always counts
// (RxSwift: both only under TRACE_RESOURCES), as every count in RxCore does.

import Synchronization

extension ObservableType {
    /// Delivers this sequence's events on `scheduler`, one at a time and in order.
    ///
    /// With a ``SerialDispatchQueueScheduler`` (``MainScheduler`` included), each event is
    /// scheduled on its own, since the queue keeps them in order; with any other scheduler,
    /// events wait in a queue that one recursive action drains. Subscribing is not moved: use
    /// `subscribe(on:)` for that.
    ///
    /// - Parameter scheduler: where the events are delivered.
    public func observe(
        on scheduler: ImmediateSchedulerType
    ) -> Observable<Element> {
        let call = TraceCall.enter("observe(on:)"); defer { call.exit() }
        guard let serialScheduler = scheduler as? SerialDispatchQueueScheduler else {
            return ObserveOn(source: asObservable(), scheduler: scheduler)
                .assembled(by: "observe(on:)")
        }
        return ObserveOnSerialDispatchQueue(source: asObservable(), scheduler: serialScheduler)
            .assembled(by: "observe(on:)")
    }
}

// MARK: - Sink

/// Whether an ``ObserveOnSink`` has a drain scheduled or running.
private enum ObserveOnState {
    /// Nothing scheduled: the next event starts a drain.
    case stopped
    /// A drain is scheduled or running: new events only join the queue.
    case running
}

/// One subscription's state for `observe(on:)` on a scheduler that may be concurrent: queues
/// the events and drains the queue with one recursive action on the scheduler, so they are
/// delivered one at a time and in order.
///
/// Created by `ObserveOn.run`; released when the subscription is disposed or a stop event has
/// been delivered.
final class ObserveOnSink<Observer: ObserverType>: ObserverBase<Observer.Element> {
    typealias Element = Observer.Element

    private let scheduler: ImmediateSchedulerType
    private let lock = RecursiveLock()
    private let observer: Observer

    /// Whether a drain is scheduled or running. Guarded by `lock`.
    private var state = ObserveOnState.stopped
    /// The events not delivered yet. Guarded by `lock`.
    private var queue = Queue<Event<Element>>(capacity: 10)

    /// The running drain; disposing it stops the recursion.
    private let scheduleDisposable = SerialDisposable()
    /// The subscription's ``SinkDisposer``.
    private let cancel: Cancelable

    init(scheduler: ImmediateSchedulerType, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        self.observer = observer
        self.cancel = cancel
        super.init()
    }

    /// Queues `event`, and schedules a drain unless one is scheduled or running.
    override func onCore(_ event: Event<Element>) {
        let call = TraceCall.enter("ObserveOnSink.onCore", on: self, event: event); defer { call.exit() }
        let shouldStart = lock.performLocked { () -> Bool in
            queue.enqueue(event)
            switch state {
            case .stopped:
                state = .running
                return true
            case .running:
                return false
            }
        }

        if shouldStart {
            scheduleDisposable.disposable = scheduler.scheduleRecursive((), action: run)
        }
    }

    /// One step of the drain, on the scheduler: delivers the oldest queued event, then asks
    /// for another step while events are left.
    func run(_ state: (), _ recurse: (()) -> Void) {
        let call = TraceCall.enter("ObserveOnSink.run", on: self); defer { call.exit() }
        let (nextEvent, observer) = lock.performLocked { () -> (Event<Element>?, Observer) in
            if !queue.isEmpty {
                return (queue.dequeue(), self.observer)
            }
            self.state = .stopped
            return (nil, self.observer)
        }

        guard let nextEvent, !cancel.isDisposed else {
            return
        }
        Instrumentation.recordEvent(nextEvent, from: traceObjectID, to: observer)
        observer.on(nextEvent)
        if nextEvent.isStopEvent {
            dispose()
        }

        if shouldContinue() {
            recurse(())
        }
    }

    /// Whether events are left to deliver; marks the drain stopped when none are. Takes
    /// `lock`.
    private func shouldContinue() -> Bool {
        lock.performLocked {
            let isEmpty = queue.isEmpty
            if isEmpty {
                state = .stopped
            }
            return !isEmpty
        }
    }

    /// Stops the observer, the subscription and the drain.
    override func dispose() {
        let call = TraceCall.enter("ObserveOnSink.dispose", on: self); defer { call.exit() }
        super.dispose()
        cancel.dispose()
        scheduleDisposable.dispose()
    }
}

/// One subscription's state for `observe(on:)` on a ``SerialDispatchQueueScheduler``: the
/// queue already keeps events in order, so each event is scheduled on its own, with no queue
/// or lock of the sink's.
///
/// Created by `ObserveOnSerialDispatchQueue.run`; kept alive by the events still waiting on
/// the queue, and released once the subscription is disposed or a stop event has been
/// delivered and the queue has run what waited.
final class ObserveOnSerialDispatchQueueSink<Observer: ObserverType>: ObserverBase<Observer.Element> {
    typealias Element = Observer.Element
    /// What each scheduled delivery carries.
    typealias Delivery = (sink: ObserveOnSerialDispatchQueueSink<Observer>, event: Event<Element>)

    private let scheduler: SerialDispatchQueueScheduler
    fileprivate let observer: Observer
    /// The subscription's ``SinkDisposer``; once disposed, waiting deliveries are dropped.
    private let cancel: Cancelable

    /// The action every delivery runs, made once per sink (as in RxSwift) so that scheduling
    /// an event allocates no closure. It captures `cancel`, not the sink.
    private var cachedScheduleLambda: ((Delivery) -> Disposable)!

    init(scheduler: SerialDispatchQueueScheduler, observer: Observer, cancel: Cancelable) {
        self.scheduler = scheduler
        self.observer = observer
        self.cancel = cancel
        super.init()

        cachedScheduleLambda = { delivery in
            let call = TraceCall.enter(
                "ObserveOnSerialDispatchQueueSink.cachedScheduleLambda", on: delivery.sink, event: delivery.event
            )
            defer { call.exit() }
            guard !cancel.isDisposed else { return Disposables.create() }

            Instrumentation.recordEvent(delivery.event, from: delivery.sink.traceObjectID, to: delivery.sink.observer)
            delivery.sink.observer.on(delivery.event)

            if delivery.event.isStopEvent {
                delivery.sink.dispose()
            }

            return Disposables.create()
        }
    }

    /// Schedules the delivery of `event` on the serial queue.
    override func onCore(_ event: Event<Element>) {
        let call = TraceCall.enter("ObserveOnSerialDispatchQueueSink.onCore", on: self, event: event)
        defer { call.exit() }
        _ = scheduler.schedule((sink: self, event: event), action: cachedScheduleLambda)
    }

    /// Stops the observer and the subscription; deliveries still waiting are dropped.
    override func dispose() {
        let call = TraceCall.enter("ObserveOnSerialDispatchQueueSink.dispose", on: self); defer { call.exit() }
        super.dispose()
        cancel.dispose()
    }
}

// MARK: - Producer

/// The observable `observe(on:)` returns for a scheduler that is not a serial dispatch queue
/// scheduler. Each subscription gets an ``ObserveOnSink``.
final class ObserveOn<Element>: Producer<Element> {
    private let scheduler: ImmediateSchedulerType
    private let source: Observable<Element>

    init(source: Observable<Element>, scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        self.source = source
        super.init()
        Resources.incrementTotal()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("ObserveOn.run", on: self); defer { call.exit() }
        let sink = ObserveOnSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }

    deinit {
        Resources.decrementTotal()
    }
}

/// The observable `observe(on:)` returns for a ``SerialDispatchQueueScheduler``. Each
/// subscription gets an ``ObserveOnSerialDispatchQueueSink``.
final class ObserveOnSerialDispatchQueue<Element>: Producer<Element> {
    private let scheduler: SerialDispatchQueueScheduler
    private let source: Observable<Element>

    init(source: Observable<Element>, scheduler: SerialDispatchQueueScheduler) {
        self.scheduler = scheduler
        self.source = source
        super.init()
        Resources.incrementTotal()
        serialDispatchQueueObservableCount.add(1, ordering: .relaxed)
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("ObserveOnSerialDispatchQueue.run", on: self); defer { call.exit() }
        let sink = ObserveOnSerialDispatchQueueSink(scheduler: scheduler, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }

    deinit {
        Resources.decrementTotal()
        serialDispatchQueueObservableCount.subtract(1, ordering: .relaxed)
    }
}

/// Storage behind ``Resources/numberOfSerialDispatchQueueObservables``.
private let serialDispatchQueueObservableCount = Atomic<Int32>(0)

extension Resources {
    /// The number of live observables `observe(on:)` made for a
    /// ``SerialDispatchQueueScheduler``: a test can tell which implementation was chosen.
    public static var numberOfSerialDispatchQueueObservables: Int32 {
        serialDispatchQueueObservableCount.load(ordering: .relaxed)
    }
}
