// Mirrors RxSwift's RxSwift/Traits/Infallible/Infallible.swift.
// Deviation from RxSwift: the subscribe forms here, and every `Infallible` operator and factory, go
// through the recorded observable paths; `init(_:)` is `package`.

/// A type that can be turned into an observable that never sends an error: the constraint
/// the ``Infallible`` operators extend.
public protocol InfallibleType: ObservableConvertibleType {}

/// An observable-like sequence that never sends an error.
///
/// Unlike a `Driver`, it shares nothing and replays nothing: each subscriber gets its own
/// subscription to the observable that does the work.
public struct Infallible<Element>: InfallibleType {
    private let source: Observable<Element>

    package init(_ source: Observable<Element>) {
        self.source = source
    }

    /// The observable that does the work of this infallible.
    public func asObservable() -> Observable<Element> { source }
}

extension InfallibleType {
    /// Subscribes closures that receive `object` weakly: once `object` is gone, none of them
    /// is called. There is no error closure: an infallible cannot fail.
    ///
    /// - Returns: the subscription; dispose it to stop receiving events.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed
        )
    }

    /// Subscribes closures for elements, completion and disposal; each is optional. There is
    /// no error closure: an infallible cannot fail.
    ///
    /// - Returns: the subscription; dispose it to stop receiving events.
    public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        asObservable().subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes a closure that receives every event, as an ``InfallibleEvent``.
    ///
    /// - Returns: the subscription; dispose it to stop receiving events.
    public func subscribe(
        _ on: @escaping (InfallibleEvent<Element>) -> Void
    ) -> Disposable {
        let eventHandler: (Event<Element>) -> Void = { event in
            switch event {
            case .next(let element):
                on(.next(element))
            case .completed:
                on(.completed)
            case .error(let error):
                rxFatalErrorInDebug("Infallible must never emit a error event. error: \(error)")
            }
        }
        return asObservable().subscribe(eventHandler)
    }
}
