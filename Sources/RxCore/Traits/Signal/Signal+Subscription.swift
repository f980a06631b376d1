// Mirrors RxCocoa's RxCocoa/Traits/Signal/Signal+Subscription.swift.
// Deviation from RxSwift: the `emit(to:)` forms for relays (`BehaviorRelay`, `PublishRelay`,
// `ReplayRelay`) are in RxRelay's `Signal+Subscription.swift`, since RxCore cannot see the relays.

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Subscribes `observers`, which all get every event; as `subscribe`, but says the intent.
    ///
    /// - Returns: the subscription; dispose it to stop the observers getting events.
    public func emit<Observer: ObserverType>(
        to observers: Observer...
    ) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("emit(to:)"); defer { call.exit() }
        return asSharedSequence()
            .asObservable()
            .subscribe({ event in observers.forEach { $0.on(event) } })
    }

    /// Subscribes `observers` of optional elements, which all get every event.
    ///
    /// - Returns: the subscription; dispose it to stop the observers getting events.
    public func emit<Observer: ObserverType>(
        to observers: Observer...
    ) -> Disposable where Observer.Element == Element? {
        let call = TraceCall.enter("emit(to:)"); defer { call.exit() }
        return asSharedSequence()
            .asObservable()
            .map({ $0 as Element? })
            .subscribe({ event in observers.forEach { $0.on(event) } })
    }

    /// Subscribes closures for elements, completion and disposal, each called with `object`
    /// while it is alive (held weakly); once `object` is gone they are not called.
    ///
    /// There is no `onError`: a ``Signal`` never fails.
    public func emit<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        let call = TraceCall.enter("emit(with:onNext:onCompleted:onDisposed:)"); defer { call.exit() }
        return asObservable().subscribe(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed
        )
    }

    /// Subscribes closures for elements, completion and disposal; each is optional.
    ///
    /// There is no `onError`: a ``Signal`` never fails.
    public func emit(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let call = TraceCall.enter("emit(onNext:onCompleted:onDisposed:)"); defer { call.exit() }
        return asObservable().subscribe(
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed
        )
    }

    /// Subscribes with no closures (RxCocoa's spelling of `emit(onNext: nil)` that Swift can
    /// resolve).
    public func emit() -> Disposable {
        emit(onNext: nil, onCompleted: nil, onDisposed: nil)
    }
}
