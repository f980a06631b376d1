// Mirrors RxSwift's RxSwift/Observables/AsMaybe.swift. The public `asMaybe()` is in
// Traits/PrimitiveSequence/ObservableType+PrimitiveSequence.swift, as in RxSwift.

// MARK: - Sink

/// One subscription's state for `asMaybe`: holds the element, if any, until completion, and
/// fails on a second one; created by `AsMaybe.run`, released when the subscription is
/// disposed or terminates.
final class AsMaybeSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    /// The element's event, once it arrived. Only the source's serial events touch it.
    private var element: Event<Element>?

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("AsMaybeSink.on", on: self, event: event); defer { call.exit() }
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
            }
            forwardOn(.completed)
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `asMaybe` returns: its source. Each subscription gets an ``AsMaybeSink``.
final class AsMaybe<Element>: Producer<Element> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("AsMaybe.run", on: self); defer { call.exit() }
        let sink = AsMaybeSink(observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
