// Mirrors RxCocoa's RxCocoa/Common/Observable+Bind.swift.
// Deviation from RxSwift: these forms live in RxCore, not in an RxCocoa module (RxTrace has
// none), so `import RxCore` brings them. The forms that subscribe go through the recorded
// `subscribe` forms, so the trace names the user's `bind` line (found on the captured stack) as
// the subscription's call site.

extension ObservableType {
    /// Subscribes and sends every event to each of `observers`, in order.
    ///
    /// The same as `subscribe`, named for binding code. Errors and completion go to the
    /// observers too; a ``Binder`` traps on an error in debug builds.
    ///
    /// - Returns: the subscription; dispose it to unbind every observer.
    public func bind<Observer: ObserverType>(
        to observers: Observer...
    ) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("bind(to:)"); defer { call.exit() }
        return subscribe({ event in
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
        let call = TraceCall.enter("bind(to:)"); defer { call.exit() }
        return map({ $0 as Element? })
            .subscribe({ event in
                observers.forEach { $0.on(event) }
            })
    }

    /// Calls `binder` with this sequence and returns what it returns: for binding functions
    /// that subscribe themselves.
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        let call = TraceCall.enter("bind(to:)"); defer { call.exit() }
        return binder(self)
    }

    /// Calls `binder` with this sequence, then the function it returns with
    /// `curriedArgument`, and returns the result.
    public func bind<R1, R2>(to binder: (Self) -> (R1) -> R2, curriedArgument: R1) -> R2 {
        let call = TraceCall.enter("bind(to:curriedArgument:)"); defer { call.exit() }
        return binder(self)(curriedArgument)
    }

    /// Subscribes `onNext` to the elements while `object` is alive, passing it `object`,
    /// which it does not retain.
    ///
    /// An error traps in debug builds and is printed in release builds.
    ///
    /// - Returns: the subscription; dispose it to unbind.
    public func bind<Object: AnyObject>(
        with object: Object,
        onNext: @escaping (Object, Element) -> Void
    ) -> Disposable {
        let call = TraceCall.enter("bind(with:onNext:)"); defer { call.exit() }
        return subscribe(
            onNext: { [weak object] element in
                guard let object else { return }
                onNext(object, element)
            },
            onError: { error in
                rxFatalErrorInDebug("Binding error: \(error)")
            }
        )
    }

    /// Subscribes `onNext` to the elements.
    ///
    /// An error traps in debug builds and is printed in release builds.
    ///
    /// - Returns: the subscription; dispose it to unbind.
    public func bind(
        onNext: @escaping (Element) -> Void
    ) -> Disposable {
        let call = TraceCall.enter("bind(onNext:)"); defer { call.exit() }
        return subscribe(
            onNext: onNext,
            onError: { error in
                rxFatalErrorInDebug("Binding error: \(error)")
            }
        )
    }
}
