// Mirrors RxSwift's RxSwift/Observables/SubscribeOn.swift.

extension ObservableType {
    /// Subscribes to this sequence, and later unsubscribes from it, on `scheduler`.
    ///
    /// Only the work of subscribing moves: the events still arrive on whatever thread the
    /// source sends them from. To move the events, use `observe(on:)`.
    ///
    /// - Parameter scheduler: where to subscribe and unsubscribe.
    public func subscribe(
        on scheduler: ImmediateSchedulerType
    ) -> Observable<Element> {
        let call = TraceCall.enter("subscribe(on:)"); defer { call.exit() }
        return SubscribeOn(source: self, scheduler: scheduler).assembled(by: "subscribe(on:)")
    }
}

// MARK: - Sink

/// One subscription's state for `subscribe(on:)`: schedules the subscription to the source
/// on the scheduler, forwards its events, and wraps the source's subscription so that
/// disposing it is scheduled too.
///
/// Created by `SubscribeOn.run`; released when the subscription is disposed or terminates.
final class SubscribeOnSink<Source: ObservableType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Source.Element == Observer.Element {
    typealias Element = Observer.Element
    typealias Parent = SubscribeOn<Source>

    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("SubscribeOnSink.on", on: self, event: event); defer { call.exit() }
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }

    /// Schedules the subscription to the source.
    ///
    /// - Returns: a disposable that cancels the scheduled subscribe if it has not run, and
    ///   otherwise schedules the unsubscribe on the same scheduler.
    func run() -> Disposable {
        let call = TraceCall.enter("SubscribeOnSink.run", on: self); defer { call.exit() }
        let disposeEverything = SerialDisposable()
        let cancelSchedule = SingleAssignmentDisposable()

        disposeEverything.disposable = cancelSchedule

        let disposeSchedule = parent.scheduler.schedule(()) { _ -> Disposable in
            let call = TraceCall.enter("SubscribeOnSink.subscribeScheduled", on: self); defer { call.exit() }
            // The source itself, not `asObservable()`, as in RxSwift: a testable observable
            // is then unsubscribed on the scheduler too, one tick after it stopped.
            let subscription = self.parent.source.subscribe(self)
            disposeEverything.disposable = ScheduledDisposable(
                scheduler: self.parent.scheduler, disposable: subscription
            )
            return Disposables.create()
        }

        cancelSchedule.setDisposable(disposeSchedule)

        return disposeEverything
    }
}

// MARK: - Producer

/// The observable `subscribe(on:)` returns: its source and the scheduler to subscribe on.
/// Each subscription gets a ``SubscribeOnSink``.
final class SubscribeOn<Source: ObservableType>: Producer<Source.Element> {
    let source: Source
    let scheduler: ImmediateSchedulerType

    init(source: Source, scheduler: ImmediateSchedulerType) {
        self.source = source
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Source.Element {
        let call = TraceCall.enter("SubscribeOn.run", on: self); defer { call.exit() }
        let sink = SubscribeOnSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
