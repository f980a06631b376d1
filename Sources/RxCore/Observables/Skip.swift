// Mirrors RxSwift's RxSwift/Observables/Skip.swift.
// Simpler than RxSwift: `SkipTimeSink`'s open flag is atomic (RxSwift's is a plain `Bool`
// that the timer sets on its scheduler's thread while the source may be reading it).

import Synchronization

extension ObservableType {
    /// This sequence without its first `count` elements.
    public func skip(_ count: Int) -> Observable<Element> {
        let call = TraceCall.enter("skip"); defer { call.exit() }
        return SkipCount(source: asObservable(), count: count).assembled(by: "skip")
    }

    /// This sequence without the elements it sends during the first `duration` after the
    /// subscription, timed on `scheduler`.
    public func skip(
        _ duration: RxTimeInterval,
        scheduler: SchedulerType
    ) -> Observable<Element> {
        let call = TraceCall.enter("skip"); defer { call.exit() }
        return SkipTime(source: asObservable(), duration: duration, scheduler: scheduler)
            .assembled(by: "skip")
    }
}

// MARK: - Sink

/// One subscription's state for `skip(_:)`: counts down the elements still to drop, then
/// forwards; created by `SkipCount.run`, released when the subscription is disposed or
/// terminates.
final class SkipCountSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = SkipCount<Element>

    /// How many elements are still to drop. Only the source's serial events touch it.
    private var remaining: Int

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.remaining = parent.count
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("SkipCountSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            if remaining <= 0 {
                forwardOn(event)
            } else {
                remaining -= 1
            }
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

/// One subscription's state for `skip(_:scheduler:)`: drops elements until its timer opens
/// it; created by `SkipTime.run`, released when the subscription is disposed or terminates.
final class SkipTimeSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = SkipTime<Element>

    private let parent: Parent
    /// Set by the timer; elements pass once it is.
    private let isOpen = Atomic<Bool>(false)

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("SkipTimeSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            if isOpen.load(ordering: .acquiring) {
                forwardOn(event)
            }
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }

    /// Opens the gate; the timer's action.
    private func tick() {
        let call = TraceCall.enter("SkipTimeSink.tick", on: self); defer { call.exit() }
        isOpen.store(true, ordering: .releasing)
    }

    /// Starts the timer, then subscribes to the source.
    func run() -> Disposable {
        let call = TraceCall.enter("SkipTimeSink.run", on: self); defer { call.exit() }
        let timer = parent.scheduler.scheduleRelative((), dueTime: parent.duration) { _ in
            self.tick()
            return Disposables.create()
        }
        let subscription = parent.source.subscribeSafe(self)
        return Disposables.create(timer, subscription)
    }
}

// MARK: - Producer

/// The observable `skip(_:)` returns: its source and the count to drop. Each subscription gets
/// a ``SkipCountSink``.
final class SkipCount<Element>: Producer<Element> {
    private let source: Observable<Element>
    fileprivate let count: Int

    init(source: Observable<Element>, count: Int) {
        self.source = source
        self.count = count
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("SkipCount.run", on: self); defer { call.exit() }
        let sink = SkipCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}

/// The observable `skip(_:scheduler:)` returns: its source, the span to drop and the scheduler
/// that times it. Each subscription gets a ``SkipTimeSink``.
final class SkipTime<Element>: Producer<Element> {
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
        let call = TraceCall.enter("SkipTime.run", on: self); defer { call.exit() }
        let sink = SkipTimeSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
