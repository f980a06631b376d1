// Mirrors RxSwift's RxSwift/Observables/Sequence.swift.

extension ObservableType {
    /// A sequence of `elements`, then completion; one element per step on `scheduler`.
    public static func of(
        _ elements: Element...,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        let call = TraceCall.enter("of"); defer { call.exit() }
        return ObservableSequence(elements: elements, scheduler: scheduler).assembled(by: "of")
    }

    /// A sequence of the elements of `array`, then completion; one element per step on
    /// `scheduler`.
    public static func from(
        _ array: [Element],
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        let call = TraceCall.enter("from"); defer { call.exit() }
        return ObservableSequence(elements: array, scheduler: scheduler).assembled(by: "from")
    }

    /// A sequence of the elements of `sequence`, then completion; one element per step on
    /// `scheduler`.
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> where Sequence.Element == Element {
        let call = TraceCall.enter("from"); defer { call.exit() }
        return ObservableSequence(elements: sequence, scheduler: scheduler).assembled(by: "from")
    }
}

// MARK: - Sink

/// One subscription's state for `of`/`from`: walks an iterator over the elements, sending one
/// element per recursive step on the scheduler; created by `ObservableSequence.run`, released
/// after it completes or when the subscription is disposed.
final class ObservableSequenceSink<Sequence: Swift.Sequence, Observer: ObserverType>: Sink<Observer>
where Sequence.Element == Observer.Element {
    typealias Parent = ObservableSequence<Sequence>

    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Starts the recursion; returns the disposable that stops it.
    func run() -> Disposable {
        let call = TraceCall.enter("ObservableSequenceSink.run", on: self); defer { call.exit() }
        return parent.scheduler.scheduleRecursive(parent.elements.makeIterator()) { iterator, recurse in
            var iterator = iterator
            if let element = iterator.next() {
                self.forwardOn(.next(element))
                recurse(iterator)
            } else {
                self.forwardOn(.completed)
                self.dispose()
            }
        }
    }
}

// MARK: - Producer

/// The observable `of` and `from` return: the elements and the scheduler that paces them.
/// Each subscription gets an ``ObservableSequenceSink``.
final class ObservableSequence<Sequence: Swift.Sequence>: Producer<Sequence.Element> {
    fileprivate let elements: Sequence
    fileprivate let scheduler: ImmediateSchedulerType

    init(elements: Sequence, scheduler: ImmediateSchedulerType) {
        self.elements = elements
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("ObservableSequence.run", on: self); defer { call.exit() }
        let sink = ObservableSequenceSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
