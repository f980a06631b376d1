// Mirrors RxSwift's RxSwift/Observables/Timeout.swift.

extension ObservableType {
    /// Fails with ``RxError/timeout`` when the first element does not arrive within `dueTime`
    /// of subscribing, or a later one within `dueTime` of the one before, timed on
    /// `scheduler`.
    public func timeout(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> Observable<Element> {
        let call = TraceCall.enter("timeout"); defer { call.exit() }
        let other = ErrorProducer<Element>(error: RxError.timeout)
        return Timeout(source: asObservable(), dueTime: dueTime, other: other, scheduler: scheduler)
            .assembled(by: "timeout")
    }

    /// Switches to `other` when the first element does not arrive within `dueTime` of
    /// subscribing, or a later one within `dueTime` of the one before, timed on `scheduler`.
    public func timeout<Source: ObservableConvertibleType>(
        _ dueTime: RxTimeInterval,
        other: Source,
        scheduler: SchedulerType
    ) -> Observable<Element> where Element == Source.Element {
        let call = TraceCall.enter("timeout"); defer { call.exit() }
        return Timeout(source: asObservable(), dueTime: dueTime, other: other.asObservable(), scheduler: scheduler)
            .assembled(by: "timeout")
    }
}

// MARK: - Sink

/// One subscription's state for `timeout`: forwards the source while each element beats its
/// timer, and subscribes to the other sequence when a timer fires first; created by
/// `Timeout.run`, released when the subscription is disposed or terminates.
///
/// Each timer carries the `id` that was current when it started; an element bumps `id`, so
/// an older timer that fires late sees a different `id` and does nothing.
final class TimeoutSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = Timeout<Element>

    private let parent: Parent
    private let lock = RecursiveLock()
    /// The pending timer.
    private let timerDisposable = SerialDisposable()
    /// The source subscription, then the other sequence's after a timeout.
    private let subscription = SerialDisposable()

    /// Bumped by each event from the source. Guarded by `lock`.
    private var id = 0
    /// Whether a timer won and the other sequence took over. Guarded by `lock`.
    private var switched = false

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Starts the first timer and subscribes to the source; returns the disposable for the
    /// current subscription and the timer.
    func run() -> Disposable {
        let call = TraceCall.enter("TimeoutSink.run", on: self); defer { call.exit() }
        let original = SingleAssignmentDisposable()
        subscription.disposable = original
        createTimeoutTimer()
        original.setDisposable(parent.source.subscribeSafe(self))
        return Disposables.create(subscription, timerDisposable)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("TimeoutSink.on", on: self, event: event); defer { call.exit() }
        // The source's event wins unless a timer already switched to the other sequence.
        let sourceWins = lock.performLocked { () -> Bool in
            let sourceWins = !switched
            if sourceWins {
                id = id &+ 1
            }
            return sourceWins
        }
        guard sourceWins else { return }
        switch event {
        case .next:
            forwardOn(event)
            createTimeoutTimer()
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }

    /// Replaces the pending timer with one for the current `id`.
    private func createTimeoutTimer() {
        if timerDisposable.isDisposed {
            return
        }
        let nextTimer = SingleAssignmentDisposable()
        timerDisposable.disposable = nextTimer

        let timerId = lock.performLocked { id }
        let scheduled = parent.scheduler.scheduleRelative(timerId, dueTime: parent.dueTime) { state in
            let call = TraceCall.enter("TimeoutSink.timerFired", on: self); defer { call.exit() }
            let timerWins = self.lock.performLocked { () -> Bool in
                self.switched = (state == self.id)
                return self.switched
            }
            if timerWins {
                self.subscription.disposable = self.parent.other.subscribeSafe(self.forwarder())
            }
            return Disposables.create()
        }
        nextTimer.setDisposable(scheduled)
    }
}

// MARK: - Producer

/// The observable `timeout` returns: its source, the timeout, the sequence to switch to (an
/// ``RxError/timeout`` error for the first form) and the scheduler. Each subscription gets a
/// ``TimeoutSink``.
final class Timeout<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let dueTime: RxTimeInterval
    fileprivate let other: Observable<Element>
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, other: Observable<Element>, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.other = other
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Timeout.run", on: self); defer { call.exit() }
        let sink = TimeoutSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
