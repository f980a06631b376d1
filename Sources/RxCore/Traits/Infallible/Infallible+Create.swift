// Mirrors RxSwift's RxSwift/Traits/Infallible/Infallible+Create.swift.

/// What an ``Infallible`` sends: elements, then maybe completion; never an error.
public enum InfallibleEvent<Element> {
    /// The next element.
    case next(Element)

    /// Completion.
    case completed
}

extension Infallible {
    /// The closure an ``Infallible`` created with ``create(subscribe:)`` sends its
    /// events to.
    public typealias InfallibleObserver = (InfallibleEvent<Element>) -> Void

    /// An infallible whose subscribers are served by `subscribe`: it gets a closure to send
    /// elements and completion to, and returns what to dispose when the subscription ends.
    ///
    /// Events after completion are dropped.
    public static func create(
        subscribe: @escaping (@escaping InfallibleObserver) -> Disposable
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.create"); defer { call.exit() }
        let source = Observable<Element>.create({ observer in
            subscribe { event in
                switch event {
                case .next(let element):
                    observer.onNext(element)
                case .completed:
                    observer.onCompleted()
                }
            }
        })
        return Infallible(source)
    }
}

extension InfallibleEvent: EventConvertible {
    /// This event as an ``Event``.
    public var event: Event<Element> {
        switch self {
        case .next(let element):
            .next(element)
        case .completed:
            .completed
        }
    }
}
