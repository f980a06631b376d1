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
    /// This sequence as an ``Observable``, by wrapping it in `create` unless it is one.
    public func asObservable() -> Observable<Element> {
        Observable.create { observer in self.subscribe(observer) }
    }
}
