// Mirrors RxSwift's RxSwift/Observables/Never.swift.

extension ObservableType {
    /// A sequence that sends nothing, ever: no element, no error, no completion.
    public static func never() -> Observable<Element> {
        let call = TraceCall.enter("never"); defer { call.exit() }
        return NeverProducer().assembled(by: "never")
    }
}

/// The observable behind `never()`: ignores each subscriber.
///
/// Like ``EmptyProducer`` it overrides `subscribe`, so it has no sink and does not trampoline;
/// the subscriber gets the no-op disposable and waits forever.
final class NeverProducer<Element>: Producer<Element> {
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("NeverProducer.subscribe", on: self); defer { call.exit() }
        return Disposables.create()
    }
}
