// Mirrors RxSwift's RxSwift/Observables/Dematerialize.swift.

extension ObservableType where Element: EventConvertible {
    /// Turns a sequence of events, as `materialize` makes, back into the sequence they
    /// describe: a `.next` element is sent on, an `.error` or `.completed` element ends it.
    ///
    /// - Returns: The described sequence; this sequence's own error or completion ends it too.
    public func dematerialize() -> Observable<Element.Element> {
        let call = TraceCall.enter("dematerialize"); defer { call.exit() }
        return Dematerialize(source: asObservable()).assembled(by: "dematerialize")
    }
}

// MARK: - Sink

/// One subscription's state for `dematerialize`: sends the event each element stands for and
/// stops after a stop event; created by `Dematerialize.run`, released when the subscription
/// is disposed or terminates.
final class DematerializeSink<SourceElement: EventConvertible, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == SourceElement.Element {
    typealias Element = SourceElement

    func on(_ event: Event<SourceElement>) {
        let call = TraceCall.enter("DematerializeSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            let inner = element.event
            forwardOn(inner)
            if inner.isStopEvent {
                dispose()
            }
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

/// The observable `dematerialize` returns: its source of events. Each subscription gets a
/// ``DematerializeSink``.
final class Dematerialize<SourceElement: EventConvertible>: Producer<SourceElement.Element> {
    private let source: Observable<SourceElement>

    init(source: Observable<SourceElement>) {
        self.source = source
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == SourceElement.Element {
        let call = TraceCall.enter("Dematerialize.run", on: self); defer { call.exit() }
        let sink = DematerializeSink<SourceElement, Observer>(observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
