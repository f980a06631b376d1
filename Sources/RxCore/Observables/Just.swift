// Mirrors RxSwift's RxSwift/Observables/Just.swift.

extension ObservableType {
    /// A sequence of one element, then completion.
    @inlinable @inline(__always) public static func just(_ element: Element) -> Observable<Element> {
        let call = TraceCall.enter("just"); defer { call.exit() }
        return Just(element: element).assembled(by: "just")
    }

    /// A sequence of one element, then completion, each sent as its own step on `scheduler`.
    public static func just(
        _ element: Element, scheduler: ImmediateSchedulerType
    ) -> Observable<Element> {
        let call = TraceCall.enter("just"); defer { call.exit() }
        return JustScheduled(element: element, scheduler: scheduler).assembled(by: "just")
    }
}

// MARK: - Sink

/// One subscription's state for `just(_:scheduler:)`: schedules the element, and from that
/// step schedules the completion; created by `JustScheduled.run`, released after it completes
/// or when the subscription is disposed.
final class JustScheduledSink<Observer: ObserverType>: Sink<Observer> {
    typealias Parent = JustScheduled<Observer.Element>

    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Schedules the element; returns the disposable that cancels what is still pending.
    ///
    /// The completion's disposable is what the element's step returns, so disposing the
    /// subscription between the two steps cancels the completion.
    func run() -> Disposable {
        let call = TraceCall.enter("JustScheduledSink.run", on: self); defer { call.exit() }
        let scheduler = parent.scheduler
        return scheduler.schedule(parent.element) { element in
            let call = TraceCall.enter("JustScheduledSink.sendElement", on: self); defer { call.exit() }
            self.forwardOn(.next(element))
            return scheduler.schedule(()) { _ in
                let call = TraceCall.enter("JustScheduledSink.sendCompleted", on: self); defer { call.exit() }
                self.forwardOn(.completed)
                self.dispose()
                return Disposables.create()
            }
        }
    }
}

// MARK: - Producer

/// The observable behind `just(_:)`: sends its element and completion inside `subscribe`.
///
/// Like ``EmptyProducer`` it overrides `subscribe`, so it has no sink and does not trampoline.
@usableFromInline final class Just<Element>: Producer<Element> {
    @usableFromInline let element: Element

    @inlinable init(element: Element) {
        self.element = element
        super.init()
    }

    @inlinable @inline(__always) override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("Just.subscribe", on: self); defer { call.exit() }
        let next = Event.next(element)
        Instrumentation.recordEvent(next, from: traceObjectID, to: observer)
        observer.on(next)
        Instrumentation.recordEvent(Event<Element>.completed, from: traceObjectID, to: observer)
        observer.on(.completed)
        return Disposables.create()
    }
}

/// The observable `just(_:scheduler:)` returns: the element and the scheduler that sends it.
/// Each subscription gets a ``JustScheduledSink``.
final class JustScheduled<Element>: Producer<Element> {
    fileprivate let scheduler: ImmediateSchedulerType
    fileprivate let element: Element

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.scheduler = scheduler
        self.element = element
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("JustScheduled.run", on: self); defer { call.exit() }
        let sink = JustScheduledSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

// Performance: `just`, `Just` and its `subscribe` are @inlinable, always inlined, so a client
// delivers the element through specialized code (row W2); see Documentation/Performance.md.
