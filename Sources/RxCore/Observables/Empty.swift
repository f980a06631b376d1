// Mirrors RxSwift's RxSwift/Observables/Empty.swift.
// Deviation from RxSwift: its step is named `Empty.subscribe`, after the file and after the
// class name seed 001 reads (RxSwift 2's `Empty`); the class keeps RxSwift 6's name.

extension ObservableType {
    /// A sequence that completes at once, with no elements.
    public static func empty() -> Observable<Element> {
        let call = TraceCall.enter("empty"); defer { call.exit() }
        return EmptyProducer<Element>().assembled(by: "empty")
    }
}

/// The observable behind `empty()`: completes each subscriber inside `subscribe`.
///
/// It overrides `subscribe` itself, so it needs no sink, no ``SinkDisposer`` and no trampoline:
/// the subscriber gets `completed` and the no-op disposable.
final class EmptyProducer<Element>: Producer<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("Empty.subscribe", on: self); defer { call.exit() }
        Instrumentation.recordEvent(Event<Element>.completed, from: traceObjectID, to: observer)
        observer.on(.completed)
        return Disposables.create()
    }
}
