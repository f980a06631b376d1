// Mirrors RxSwift's RxSwift/Observables/Range.swift.

extension ObservableType where Element: RxAbstractInteger {
    /// The `count` integers from `start` on, then completion; one element per step on
    /// `scheduler`.
    ///
    /// `count` must not be negative, and `start + count - 1` must not overflow.
    public static func range(
        start: Element,
        count: Element,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Observable<Element> {
        let call = TraceCall.enter("range"); defer { call.exit() }
        return RangeProducer(start: start, count: count, scheduler: scheduler).assembled(by: "range")
    }
}

// MARK: - Sink

/// One subscription's state for `range`: sends `start + i` for each step `i` of a recursion on
/// the scheduler; created by `RangeProducer.run`, released after it completes or when the
/// subscription is disposed.
final class RangeSink<Observer: ObserverType>: Sink<Observer> where Observer.Element: RxAbstractInteger {
    typealias Parent = RangeProducer<Observer.Element>

    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Starts the recursion; returns the disposable that stops it.
    func run() -> Disposable {
        let call = TraceCall.enter("RangeSink.run", on: self); defer { call.exit() }
        return parent.scheduler.scheduleRecursive(0 as Observer.Element) { index, recurse in
            if index < self.parent.count {
                self.forwardOn(.next(self.parent.start + index))
                recurse(index + 1)
            } else {
                self.forwardOn(.completed)
                self.dispose()
            }
        }
    }
}

// MARK: - Producer

/// The observable `range` returns: the first integer, how many, and the scheduler that paces
/// them. Each subscription gets a ``RangeSink``.
final class RangeProducer<Element: RxAbstractInteger>: Producer<Element> {
    fileprivate let start: Element
    fileprivate let count: Element
    fileprivate let scheduler: ImmediateSchedulerType

    init(start: Element, count: Element, scheduler: ImmediateSchedulerType) {
        guard count >= 0 else {
            rxFatalError("count can't be negative")
        }
        guard count == 0 || start.addingReportingOverflow(count - 1).overflow == false else {
            rxFatalError("overflow of count")
        }
        self.start = start
        self.count = count
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("RangeProducer.run", on: self); defer { call.exit() }
        let sink = RangeSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
