// Mirrors RxSwift's RxSwift/Observables/Debounce.swift.
// Simpler than RxSwift: the sink takes its lock itself rather than through RxSwift's
// `SynchronizedOnType` protocol.

extension ObservableType {
    /// Sends an element only once `dueTime` has passed on `scheduler` without a newer one;
    /// each element restarts the wait.
    ///
    /// On completion the element still waiting, if any, is sent at once, then completion; an
    /// error is forwarded at once and drops the waiting element.
    public func debounce(
        _ dueTime: RxTimeInterval,
        scheduler: SchedulerType
    ) -> Observable<Element> {
        let call = TraceCall.enter("debounce"); defer { call.exit() }
        return Debounce(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
            .assembled(by: "debounce")
    }
}

// MARK: - Sink

/// One subscription's state for `debounce`: the element waiting to be sent, the id of its
/// timer, and the timer's disposable; created by `Debounce.run`, released when the
/// subscription is disposed or terminates.
///
/// Each element gets a new id and a new timer, which replaces (and cancels) the previous one;
/// a timer sends only if its id is still the latest. `lock` serializes the source's events
/// and the timers.
final class DebounceSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias ParentType = Debounce<Element>

    private let parent: ParentType

    private let lock = RecursiveLock()
    /// The id of the latest element's timer. Guarded by `lock`.
    private var id: UInt64 = 0
    /// The element waiting for its timer. Guarded by `lock`.
    private var value: Element?

    /// The pending timer.
    private let cancellable = SerialDisposable()

    init(parent: ParentType, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the source; returns the disposable that ends the subscription and the
    /// pending timer.
    func run() -> Disposable {
        let call = TraceCall.enter("DebounceSink.run", on: self); defer { call.exit() }
        let subscription = parent.source.subscribeSafe(self)
        return Disposables.create(subscription, cancellable)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("DebounceSink.on", on: self, event: event); defer { call.exit() }
        lock.performLocked { synchronized_on(event) }
    }

    /// Starts a timer for an element, or ends the result. Caller holds `lock`.
    private func synchronized_on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            id = id &+ 1
            let currentID = id
            value = element

            let timer = SingleAssignmentDisposable()
            cancellable.disposable = timer
            timer.setDisposable(parent.scheduler.scheduleRelative(currentID, dueTime: parent.dueTime, action: propagate))
        case .error:
            value = nil
            forwardOn(event)
            dispose()
        case .completed:
            if let value {
                self.value = nil
                forwardOn(.next(value))
            }
            forwardOn(.completed)
            dispose()
        }
    }

    /// The timer of element `currentID`: sends it if no newer element arrived since.
    private func propagate(_ currentID: UInt64) -> Disposable {
        let call = TraceCall.enter("DebounceSink.propagate", on: self); defer { call.exit() }
        lock.performLocked {
            if let value, id == currentID {
                self.value = nil
                forwardOn(.next(value))
            }
        }
        return Disposables.create()
    }
}

// MARK: - Producer

/// The observable `debounce` returns: the source, the due time and the scheduler. Each
/// subscription gets a ``DebounceSink``.
final class Debounce<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let dueTime: RxTimeInterval
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Debounce.run", on: self); defer { call.exit() }
        let sink = DebounceSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
