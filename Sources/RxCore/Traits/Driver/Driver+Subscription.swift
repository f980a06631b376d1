// Mirrors RxCocoa's RxCocoa/Traits/Driver/Driver+Subscription.swift.
// Deviation from RxSwift: the `drive` forms for relays (`BehaviorRelay`, `ReplayRelay`) are in
// RxRelay's `Driver+Subscription.swift`, since RxCore cannot see the relays.

private let errorMessage = """
    `drive*` family of methods can be only called from `MainThread`.
    This is required to ensure that the last replayed `Driver` element is delivered on `MainThread`.

    """

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Subscribes `observers`, which all get every event; as `subscribe`, but says the intent.
    ///
    /// Call it from the main thread, so the replayed element arrives there too.
    ///
    /// - Returns: the subscription; dispose it to stop the observers getting events.
    public func drive<Observer: ObserverType>(
        _ observers: Observer...
    ) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("drive(_:)"); defer { call.exit() }
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return asSharedSequence()
            .asObservable()
            .subscribe({ event in observers.forEach { $0.on(event) } })
    }

    /// Subscribes `observers` of optional elements, which all get every event.
    ///
    /// - Returns: the subscription; dispose it to stop the observers getting events.
    public func drive<Observer: ObserverType>(
        _ observers: Observer...
    ) -> Disposable where Observer.Element == Element? {
        let call = TraceCall.enter("drive(_:)"); defer { call.exit() }
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return asSharedSequence()
            .asObservable()
            .map({ $0 as Element? })
            .subscribe({ event in observers.forEach { $0.on(event) } })
    }

    /// Hands this driver, as an observable, to `transformation`, which binds it; returns what
    /// that returns.
    public func drive<Result>(_ transformation: (Observable<Element>) -> Result) -> Result {
        let call = TraceCall.enter("drive(_:)"); defer { call.exit() }
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return transformation(asObservable())
    }

    /// Hands this driver, as an observable, to the curried binder `with`, then
    /// `curriedArgument` to what that returns.
    public func drive<R1, R2>(_ with: (Observable<Element>) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        let call = TraceCall.enter("drive(_:curriedArgument:)"); defer { call.exit() }
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return with(asObservable())(curriedArgument)
    }

    /// Subscribes closures for elements, completion and disposal, each called with `object`
    /// while it is alive (held weakly); once `object` is gone they are not called.
    ///
    /// There is no `onError`: a ``Driver`` never fails.
    public func drive<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        let call = TraceCall.enter("drive(with:onNext:onCompleted:onDisposed:)"); defer { call.exit() }
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return asObservable().subscribe(
            with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed
        )
    }

    /// Subscribes closures for elements, completion and disposal; each is optional.
    ///
    /// There is no `onError`: a ``Driver`` never fails.
    public func drive(
        onNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let call = TraceCall.enter("drive(onNext:onCompleted:onDisposed:)"); defer { call.exit() }
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return asObservable().subscribe(
            onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed
        )
    }

    /// Subscribes with no closures (RxCocoa's spelling of `drive(onNext: nil)` that Swift can
    /// resolve).
    public func drive() -> Disposable {
        drive(onNext: nil, onCompleted: nil, onDisposed: nil)
    }
}
