// Mirrors RxSwift's RxSwift/Observables/Timer.swift.
// Deviation from RxSwift: `TimerOneOffSink`'s scheduled action holds the sink strongly (RxSwift
// passes it as the state and captures it `unowned`) until the action runs or is cancelled.

extension ObservableType where Element: RxAbstractInteger {
    /// Sends 0, 1, 2, … one every `period` on `scheduler`, the first one `period` after
    /// subscribing; never completes.
    public static func interval(
        _ period: RxTimeInterval, scheduler: SchedulerType
    ) -> Observable<Element> {
        let call = TraceCall.enter("interval"); defer { call.exit() }
        return Timer(dueTime: period, period: period, scheduler: scheduler)
            .assembled(by: "interval")
    }

    /// Sends 0 `dueTime` after subscribing on `scheduler`; then, with a `period`, 1, 2, …
    /// one every `period` and never completes; without one, completes after the 0.
    public static func timer(
        _ dueTime: RxTimeInterval,
        period: RxTimeInterval? = nil,
        scheduler: SchedulerType
    ) -> Observable<Element> {
        let call = TraceCall.enter("timer"); defer { call.exit() }
        return Timer(dueTime: dueTime, period: period, scheduler: scheduler)
            .assembled(by: "timer")
    }
}

// MARK: - Sink

/// One subscription's state for `interval` and a periodic `timer`: sends the next count on
/// each run of a periodic schedule; created by `Timer.run`, released when the subscription is
/// disposed.
private final class TimerSink<Observer: ObserverType>: Sink<Observer> where Observer.Element: RxAbstractInteger {
    typealias Parent = Timer<Observer.Element>

    private let parent: Parent
    /// Serializes the sends: a scheduler with real timers may start a run before the previous
    /// one returned.
    private let lock = RecursiveLock()

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Starts the periodic schedule; returns the disposable that stops it.
    func run() -> Disposable {
        let call = TraceCall.enter("TimerSink.run", on: self); defer { call.exit() }
        guard let period = parent.period else { rxFatalError("A periodic timer needs a period") }
        return parent.scheduler.schedulePeriodic(0 as Observer.Element, startAfter: parent.dueTime, period: period) {
            count in
            let call = TraceCall.enter("TimerSink.tick", on: self); defer { call.exit() }
            return self.lock.performLocked {
                self.forwardOn(.next(count))
                return count &+ 1
            }
        }
    }
}

/// One subscription's state for a `timer` without a period: sends 0 and completes once the due
/// time has passed; created by `Timer.run`, released after it completes or when the
/// subscription is disposed.
private final class TimerOneOffSink<Observer: ObserverType>: Sink<Observer> where Observer.Element: RxAbstractInteger {
    typealias Parent = Timer<Observer.Element>

    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Schedules the one send; returns the disposable that cancels it.
    func run() -> Disposable {
        let call = TraceCall.enter("TimerOneOffSink.run", on: self); defer { call.exit() }
        return parent.scheduler.scheduleRelative((), dueTime: parent.dueTime) { _ in
            let call = TraceCall.enter("TimerOneOffSink.fire", on: self); defer { call.exit() }
            self.forwardOn(.next(0))
            self.forwardOn(.completed)
            self.dispose()
            return Disposables.create()
        }
    }
}

// MARK: - Producer

/// The observable `interval` and `timer` return: the due time, the optional period and the
/// scheduler. Each subscription gets a ``TimerSink`` when there is a period, else a
/// ``TimerOneOffSink``.
///
/// File-private, as in RxSwift, so that its name does not hide Foundation's `Timer` elsewhere
/// in the module.
private final class Timer<Element: RxAbstractInteger>: Producer<Element> {
    fileprivate let scheduler: SchedulerType
    fileprivate let dueTime: RxTimeInterval
    fileprivate let period: RxTimeInterval?

    init(dueTime: RxTimeInterval, period: RxTimeInterval?, scheduler: SchedulerType) {
        self.scheduler = scheduler
        self.dueTime = dueTime
        self.period = period
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Timer.run", on: self); defer { call.exit() }
        if period != nil {
            let sink = TimerSink(parent: self, observer: observer, cancel: cancel)
            let subscription = sink.run()
            return (sink: sink, subscription: subscription)
        }
        let sink = TimerOneOffSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
