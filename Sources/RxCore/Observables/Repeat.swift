// Mirrors RxSwift's RxSwift/Observables/Repeat.swift.

extension ObservableType {
    /// A sequence that sends `element` forever, one element per scheduled action on
    /// `scheduler`; it ends only when disposed.
    ///
    /// - Parameters:
    ///   - element: The element to send again and again.
    ///   - scheduler: Runs each step.
    /// - Returns: `element`, endlessly.
    public static func repeatElement(
        _ element: Element,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        let call = TraceCall.enter("repeatElement"); defer { call.exit() }
        return RepeatElement(element: element, scheduler: scheduler).assembled(by: "repeatElement")
    }
}

// MARK: - Sink

/// One subscription's state for `repeatElement`: sends the element once per step of a
/// recursion on the scheduler; created by `RepeatElement.run`, released when the
/// subscription is disposed.
final class RepeatElementSink<Observer: ObserverType>: Sink<Observer> {
    typealias Parent = RepeatElement<Observer.Element>

    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Starts the recursion; returns the disposable that stops it.
    func run() -> Disposable {
        let call = TraceCall.enter("RepeatElementSink.run", on: self); defer { call.exit() }
        return parent.scheduler.scheduleRecursive(parent.element) { element, recurse in
            self.step(element, recurse: recurse)
        }
    }

    /// One turn: sends the element and schedules the next turn.
    private func step(_ element: Observer.Element, recurse: (Observer.Element) -> Void) {
        let call = TraceCall.enter("RepeatElementSink.step", on: self); defer { call.exit() }
        forwardOn(.next(element))
        recurse(element)
    }
}

// MARK: - Producer

/// The observable `repeatElement` returns: the element and the scheduler that paces it. Each
/// subscription gets a ``RepeatElementSink``.
final class RepeatElement<Element>: Producer<Element> {
    fileprivate let element: Element
    fileprivate let scheduler: ImmediateSchedulerType

    init(element: Element, scheduler: ImmediateSchedulerType) {
        self.element = element
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("RepeatElement.run", on: self); defer { call.exit() }
        let sink = RepeatElementSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
