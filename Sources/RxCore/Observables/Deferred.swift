// Mirrors RxSwift's RxSwift/Observables/Deferred.swift.

extension ObservableType {
    /// A sequence that calls `observableFactory` for each subscriber and subscribes it to the
    /// sequence the factory returns; an error the factory throws is sent to the subscriber.
    public static func deferred(
        _ observableFactory: @escaping () throws -> Observable<Element>
    ) -> Observable<Element> {
        let call = TraceCall.enter("deferred"); defer { call.exit() }
        return Deferred(observableFactory: observableFactory).assembled(by: "deferred")
    }
}

// MARK: - Sink

/// One subscription's state for `deferred`: calls the factory and forwards what the made
/// sequence sends; created by `Deferred.run`, released when the subscription is disposed or
/// terminates.
final class DeferredSink<Source: ObservableType, Observer: ObserverType>: Sink<Observer>, ObserverType
where Source.Element == Observer.Element {
    typealias Element = Observer.Element
    typealias Parent = Deferred<Source>

    override init(observer: Observer, cancel: Cancelable) {
        super.init(observer: observer, cancel: cancel)
    }

    /// Makes the sequence with the parent's factory and subscribes to it, or fails when the
    /// factory throws. The sink keeps neither the factory nor what it returned, beyond the
    /// subscription: what the factory's result captures lives only as long as it is needed.
    func run(_ parent: Parent) -> Disposable {
        let call = TraceCall.enter("DeferredSink.run", on: self); defer { call.exit() }
        do {
            let source = try parent.observableFactory()
            return source.subscribeSafe(self)
        } catch {
            forwardOn(.error(error))
            dispose()
            return Disposables.create()
        }
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("DeferredSink.on", on: self, event: event); defer { call.exit() }
        forwardOn(event)
        if event.isStopEvent {
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `deferred` returns: the factory. Each subscription gets a ``DeferredSink``.
final class Deferred<Source: ObservableType>: Producer<Source.Element> {
    typealias Factory = () throws -> Source

    fileprivate let observableFactory: Factory

    init(observableFactory: @escaping Factory) {
        self.observableFactory = observableFactory
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Source.Element {
        let call = TraceCall.enter("Deferred.run", on: self); defer { call.exit() }
        let sink = DeferredSink<Source, Observer>(observer: observer, cancel: cancel)
        let subscription = sink.run(self)
        return (sink: sink, subscription: subscription)
    }
}
