// Mirrors RxSwift's RxSwift/Observables/AsSingle.swift. The public `asSingle()` is in
// Traits/PrimitiveSequence/ObservableType+PrimitiveSequence.swift, as in RxSwift.

// MARK: - Sink

/// One subscription's state for `asSingle`: holds the element until completion, and fails
/// when there is none or a second one; created by `AsSingle.run`, released when the
/// subscription is disposed or terminates.
final class AsSingleSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// The element's event, once it arrived. Only the source's serial events touch it.
    private var element: Event<Element>?

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("AsSingleSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next:
            if element != nil {
                forwardOn(.error(RxError.moreThanOneElement))
                dispose()
            }
            element = event
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            if let element {
                forwardOn(element)
                forwardOn(.completed)
            } else {
                forwardOn(.error(RxError.noElements))
            }
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `asSingle` returns: its source. Each subscription gets an ``AsSingleSink``.
final class AsSingle<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("AsSingle.run", on: self); defer { call.exit() }
        let sink = AsSingleSink(observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
