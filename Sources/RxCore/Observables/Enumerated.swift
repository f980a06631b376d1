// Mirrors RxSwift's RxSwift/Observables/Enumerated.swift.

extension ObservableType {
    /// Pairs each element with its index, counting from 0 for each subscription.
    ///
    /// - Returns: `(index, element)` tuples; ends with ``RxError/overflow`` if the index would
    ///   pass `Int.max`.
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        let call = TraceCall.enter("enumerated"); defer { call.exit() }
        return Enumerated(source: asObservable()).assembled(by: "enumerated")
    }
}

// MARK: - Sink

/// One subscription's state for `enumerated`: the index of the next element; created by
/// `Enumerated.run`, released when the subscription is disposed or terminates.
final class EnumeratedSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == (index: Int, element: SourceElement) {
    typealias Element = SourceElement

    /// The index the next element gets. Only the source's serial events touch it.
    private var index = 0

    func on(_ event: Event<SourceElement>) {
        let call = TraceCall.enter("EnumeratedSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            guard index < Int.max else {
                forwardOn(.error(RxError.overflow))
                dispose()
                return
            }
            let current = index
            index += 1
            forwardOn(.next((index: current, element: element)))
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `enumerated` returns: its source. Each subscription gets an
/// ``EnumeratedSink``.
final class Enumerated<Element>: Producer<(index: Int, element: Element)> {
    private let source: Observable<Element>

    init(source: Observable<Element>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == (index: Int, element: Element) {
        let call = TraceCall.enter("Enumerated.run", on: self); defer { call.exit() }
        let sink = EnumeratedSink<Element, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
