// Mirrors RxSwift's RxSwift/ObservableType.swift.

/// A push-style sequence that observers subscribe to.
public protocol ObservableType: ObservableConvertibleType {
    /// Subscribes `observer` to the sequence's events.
    ///
    /// - Returns: a disposable that ends the subscription; disposing it more than once is
    ///   harmless.
    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element
}

extension ObservableType {
    /// This sequence as an ``Observable``, by wrapping it in `create` unless it is one; a step
    /// that captures the user's line, which a trace names as the wrapper's build site.
    public func asObservable() -> Observable<Element> {
        let call = TraceCall.enterFromUser("asObservable", on: nil); defer { call.exit() }
        return Observable.create { observer in self.subscribe(observer) }
    }
}
