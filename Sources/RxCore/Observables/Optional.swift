// Mirrors RxSwift's RxSwift/Observables/Optional.swift.

extension ObservableType {
    /// A sequence of the optional's value if it has one, then completion.
    public static func from(optional: Element?) -> Observable<Element> {
        let call = TraceCall.enter("from"); defer { call.exit() }
        return ObservableOptional(optional: optional).assembled(by: "from")
    }

    /// A sequence of the optional's value if it has one, then completion; each event is sent
    /// in its own step on `scheduler`.
    public static func from(optional: Element?, scheduler: ImmediateSchedulerType) -> Observable<Element> {
        let call = TraceCall.enter("from"); defer { call.exit() }
        return ObservableOptionalScheduled(optional: optional, scheduler: scheduler).assembled(by: "from")
    }
}

// MARK: - Sink

/// One subscription's state for `from(optional:scheduler:)`: sends the value, then completion,
/// each in a step on the scheduler; created by `ObservableOptionalScheduled.run`, released
/// after it completes or when the subscription is disposed.
final class ObservableOptionalScheduledSink<Observer: ObserverType>: Sink<Observer> {
    typealias Element = Observer.Element
    typealias Parent = ObservableOptionalScheduled<Element>

    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Schedules the first step; returns the disposable that cancels it.
    func run() -> Disposable {
        let call = TraceCall.enter("ObservableOptionalScheduledSink.run", on: self); defer { call.exit() }
        return parent.scheduler.schedule(parent.optional) { optional -> Disposable in
            guard let element = optional else {
                self.forwardOn(.completed)
                self.dispose()
                return Disposables.create()
            }
            self.forwardOn(.next(element))
            return self.parent.scheduler.schedule(()) { _ in
                self.forwardOn(.completed)
                self.dispose()
                return Disposables.create()
            }
        }
    }
}

// MARK: - Producer

/// The observable `from(optional:scheduler:)` returns: the optional and the scheduler. Each
/// subscription gets an ``ObservableOptionalScheduledSink``.
final class ObservableOptionalScheduled<Element>: Producer<Element> {
    fileprivate let optional: Element?
    fileprivate let scheduler: ImmediateSchedulerType

    init(optional: Element?, scheduler: ImmediateSchedulerType) {
        self.optional = optional
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("ObservableOptionalScheduled.run", on: self); defer { call.exit() }
        let sink = ObservableOptionalScheduledSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}

/// The observable `from(optional:)` returns: sends the value, if any, and completion inside
/// `subscribe`.
///
/// Like ``Just`` it overrides `subscribe`, so it has no sink and does not trampoline.
final class ObservableOptional<Element>: Producer<Element> {
    private let optional: Element?

    init(optional: Element?) {
        self.optional = optional
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("ObservableOptional.subscribe", on: self); defer { call.exit() }
        if let element = optional {
            let next = Event.next(element)
            Instrumentation.recordEvent(next, from: traceObjectID, to: observer)
            observer.on(next)
        }
        Instrumentation.recordEvent(Event<Element>.completed, from: traceObjectID, to: observer)
        observer.on(.completed)
        return Disposables.create()
    }
}
