// Mirrors RxSwift's RxSwift/Observables/Take.swift (`take(_ count:)` only).

extension ObservableType {
    /// The first `count` elements, then completion; `take(0)` is `empty()` and never
    /// subscribes to this sequence.
    ///
    /// Completion is sent right after the `count`th element, without waiting for the source
    /// to complete, and the source subscription is disposed then.
    public func take(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        let call = TraceCall.enter("take"); defer { call.exit() }
        if count == 0 {
            return Observable.empty().assembled(by: "take", file: file, line: line)
        }
        return TakeCount(source: asObservable(), count: count).assembled(by: "take", file: file, line: line)
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
