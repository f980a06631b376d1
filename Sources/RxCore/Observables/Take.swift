// Mirrors RxSwift's RxSwift/Observables/Take.swift.
// Simpler than RxSwift: `TakeTimeSink` takes its lock itself, not through
// `LockOwnerType`/`SynchronizedOnType`.

extension ObservableType {
    /// The first `count` elements, then completion; `take(0)` is `empty()` and never
    /// subscribes to this sequence.
    ///
    /// Completion is sent right after the `count`th element, without waiting for the source
    /// to complete, and the source subscription is disposed then.
    public func take(_ count: Int) -> Observable<Element> {
        let call = TraceCall.enter("take"); defer { call.exit() }
        if count == 0 {
            return Observable.empty().assembled(by: "take")
        }
        return TakeCount(source: asObservable(), count: count).assembled(by: "take")
    }

    /// The elements this sequence sends during the first `duration` after the subscription,
    /// timed on `scheduler`; then completion, and the source subscription is disposed.
    public func take(
        for duration: RxTimeInterval,
        scheduler: SchedulerType
    ) -> Observable<Element> {
        let call = TraceCall.enter("take"); defer { call.exit() }
        return TakeTime(source: asObservable(), duration: duration, scheduler: scheduler)
            .assembled(by: "take")
    }
}

// MARK: - Sink

/// One subscription's state for `take(_:)`: counts down the elements still to forward and
/// completes when it reaches zero; created by `TakeCount.run`, released when the subscription
/// is disposed or terminates.
final class TakeCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = TakeCount<Element>

    /// How many elements may still pass. Only the source's serial events touch it.
    private var remaining: Int

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.remaining = parent.count
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("TakeCountSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            guard remaining > 0 else { return }
            remaining -= 1
            forwardOn(.next(element))
            if remaining == 0 {
                forwardOn(.completed)
                dispose()
            }
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

/// One subscription's state for `take(for:scheduler:)`: forwards elements until its timer
/// completes it; created by `TakeTime.run`, released when the subscription is disposed or
/// terminates.
///
/// Its `lock` serializes the source's events with the timer.
final class TakeTimeSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = TakeTime<Element>

    private let parent: Parent
    private let lock = RecursiveLock()

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("TakeTimeSink.on", on: self, event: event); defer { call.exit() }
        lock.performLocked {
            switch event {
            case .next:
                forwardOn(event)
            case .error, .completed:
                forwardOn(event)
                dispose()
            }
        }
    }

    /// Completes; the timer's action.
    private func tick() {
        let call = TraceCall.enter("TakeTimeSink.tick", on: self); defer { call.exit() }
        lock.performLocked {
            forwardOn(.completed)
            dispose()
        }
    }

    /// Starts the timer, then subscribes to the source.
    func run() -> Disposable {
        let call = TraceCall.enter("TakeTimeSink.run", on: self); defer { call.exit() }
        let timer = parent.scheduler.scheduleRelative((), dueTime: parent.duration) { _ in
            self.tick()
            return Disposables.create()
        }
        let subscription = parent.source.subscribeSafe(self)
        return Disposables.create(timer, subscription)
    }
}

// MARK: - Producer

/// The observable `take(_:)` returns for a positive count: its source and the count. Each
/// subscription gets a ``TakeCountSink``.
final class TakeCount<Element>: Producer<Element> {
    private let source: Observable<Element>
    fileprivate let count: Int

    init(source: Observable<Element>, count: Int) {
        if count < 0 {
            rxFatalError("count can't be negative")
        }
        self.source = source
        self.count = count
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("TakeCount.run", on: self); defer { call.exit() }
        let sink = TakeCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}

/// The observable `take(for:scheduler:)` returns: its source, the span to take and the
/// scheduler that times it. Each subscription gets a ``TakeTimeSink``.
final class TakeTime<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let duration: RxTimeInterval
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, duration: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.duration = duration
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("TakeTime.run", on: self); defer { call.exit() }
        let sink = TakeTimeSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
