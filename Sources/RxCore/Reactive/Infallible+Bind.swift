// Mirrors RxCocoa's RxCocoa/Common/Infallible+Bind.swift.
// Deviation from RxSwift: these forms live in RxCore, not in an RxCocoa module (RxTrace has
// none), so `import RxCore` brings them. The forms that subscribe go through the recorded
// `subscribe` forms, so the trace names the user's `bind` line (found on the captured stack) as
// the subscription's call site.

extension InfallibleType {
    /// Subscribes and sends every event to each of `observers`, in order.
    ///
    /// The same as `subscribe`, named for binding code. An infallible sends no error, so the
    /// observers get elements and, at the end, completion.
    ///
    /// - Returns: the subscription; dispose it to unbind every observer.
    public func bind<Observer: ObserverType>(
        to observers: Observer...
    ) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("Infallible.bind(to:)"); defer { call.exit() }
        return asObservable().subscribe({ event in
            observers.forEach { $0.on(event) }
        })
    }

    /// Subscribes and sends every event, its element wrapped in an `Optional`, to each of
    /// `observers`, in order.
    ///
    /// - Returns: the subscription; dispose it to unbind every observer.
    public func bind<Observer: ObserverType>(
        to observers: Observer...
    ) -> Disposable where Observer.Element == Element? {
        let call = TraceCall.enter("Infallible.bind(to:)"); defer { call.exit() }
        return asObservable().map({ $0 as Element? })
            .subscribe({ event in
                observers.forEach { $0.on(event) }
            })
    }

    /// Calls `binder` with this infallible and returns what it returns: for binding functions
    /// that subscribe themselves.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        let call = TraceCall.enter("Infallible.bind(to:)"); defer { call.exit() }
        return binder(self)
    }

    /// Calls `binder` with this infallible, then the function it returns with
    /// `curriedArgument`, and returns the result.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        let call = TraceCall.enter("Infallible.bind(to:curriedArgument:)"); defer { call.exit() }
        return binder(self)(curriedArgument)
    }

    /// Subscribes `onNext` to the elements.
    ///
    /// - Returns: the subscription; dispose it to unbind.
    public func bind(
        onNext: @escaping (Element) -> Void
    ) -> Disposable {
        let call = TraceCall.enter("Infallible.bind(onNext:)"); defer { call.exit() }
        return subscribe(onNext: onNext)
    }
}
