// Mirrors RxSwift's RxSwift/Observables/Error.swift.

extension ObservableType {
    /// A sequence that fails at once with `error`, with no elements.
    public static func error(_ error: Swift.Error) -> Observable<Element> {
        let call = TraceCall.enter("error"); defer { call.exit() }
        return ErrorProducer(error: error).assembled(by: "error")
    }
}

/// The observable behind `error(_:)`: fails each subscriber inside `subscribe`.
///
/// Like ``EmptyProducer`` it overrides `subscribe`, so it has no sink and does not trampoline.
final class ErrorProducer<Element>: Producer<Element> {
    private let error: Swift.Error

    init(error: Swift.Error) {
        self.error = error
        super.init()
    }

    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("ErrorProducer.subscribe", on: self); defer { call.exit() }
        let event = Event<Element>.error(error)
        Instrumentation.recordEvent(event, from: traceObjectID, to: observer)
        observer.on(event)
        return Disposables.create()
    }
}
