// Mirrors RxSwift's RxSwift/Observables/TakeLast.swift.

extension ObservableType {
    /// The last `count` elements of this sequence, sent when it completes, then completion.
    ///
    /// Nothing is sent before the source completes; an error ends the result without them.
    public func takeLast(_ count: Int) -> Observable<Element> {
        let call = TraceCall.enter("takeLast"); defer { call.exit() }
        return TakeLast(source: asObservable(), count: count).assembled(by: "takeLast")
    }
}

// MARK: - Sink

/// One subscription's state for `takeLast`: keeps the latest `count` elements in a queue and
/// sends them on completion; created by `TakeLast.run`, released when the subscription is
/// disposed or terminates.
final class TakeLastSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = TakeLast<Element>

    private let parent: Parent
    /// The latest elements, at most `parent.count`. Only the source's serial events touch it.
    private var elements = Queue<Element>(capacity: 0)

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("TakeLastSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            elements.enqueue(element)
            if elements.count > parent.count {
                _ = elements.dequeue()
            }
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            for element in elements {
                forwardOn(.next(element))
            }
            forwardOn(.completed)
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `takeLast` returns: its source and the count to keep. Each subscription gets
/// a ``TakeLastSink``.
final class TakeLast<Element>: Producer<Element> {
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
        let call = TraceCall.enter("TakeLast.run", on: self); defer { call.exit() }
        let sink = TakeLastSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
