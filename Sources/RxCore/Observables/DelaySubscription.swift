// Mirrors RxSwift's RxSwift/Observables/DelaySubscription.swift.

extension ObservableType {
    /// Subscribes to this sequence `dueTime` after being subscribed, on `scheduler`; the events
    /// themselves are not delayed.
    public func delaySubscription(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> Observable<Element> {
        let call = TraceCall.enter("delaySubscription"); defer { call.exit() }
        return DelaySubscription(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
            .assembled(by: "delaySubscription")
    }
}

// MARK: - Sink

/// One subscription's state for `delaySubscription`: forwards what the source sends once the
/// delayed subscribe has happened; created by `DelaySubscription.run`, released when the
/// subscription is disposed or terminates.
final class DelaySubscriptionSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("DelaySubscriptionSink.on", on: self, event: event); defer { call.exit() }
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `delaySubscription` returns: its source, the delay and the scheduler. Each
/// subscription gets a ``DelaySubscriptionSink``, subscribed to the source when the delay
/// has passed.
final class DelaySubscription<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init()
    }

    /// Schedules the subscribe to the source. The scheduled item's disposable cancels the
    /// subscribe while it waits and then holds the source subscription, so the one
    /// disposable returned covers both.
    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("DelaySubscription.run", on: self); defer { call.exit() }
        let sink = DelaySubscriptionSink(observer: observer, cancel: cancel)
        let subscription = scheduler.scheduleRelative((), dueTime: dueTime) { _ in
            let call = TraceCall.enter("DelaySubscription.subscribeSource", on: self); defer { call.exit() }
            return self.source.subscribeSafe(sink)
        }
        return (sink: sink, subscription: subscription)
    }
}
