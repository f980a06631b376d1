// Mirrors RxSwift's RxSwift/ObservableType+Extensions.swift.
// Deviation from RxSwift: the subscribe forms record which line of user code subscribed, from the
// return addresses on the stack (``CallSite/capture()``), while a recorder is installed.

extension ObservableType {
    /// Subscribes a closure that receives every event.
    ///
    /// - Returns: the subscription; dispose it to stop receiving events.
    @inlinable public func subscribe(
        _ on: @escaping (Event<Element>) -> Void
    ) -> Disposable {
        let call = TraceCall.enter("subscribe(_:)"); defer { call.exit() }
        let observer = AnonymousObserver<Element> { event in on(event) }
        return subscribeRecorded(observer) { $0 }
    }

    /// Subscribes closures for elements, the error, completion and disposal; each is optional.
    ///
    /// An error with no `onError` goes to ``Hooks/defaultErrorHandler``. `onDisposed` runs once
    /// the subscription ends for any reason.
    ///
    /// - Returns: the subscription; dispose it to stop receiving events.
    @inlinable @inline(__always) public func subscribe(
        onNext: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let call = TraceCall.enter("subscribe(onNext:onError:onCompleted:onDisposed:)"); defer { call.exit() }
        let disposable: Disposable
        if let onDisposed {
            disposable = Disposables.create(with: onDisposed)
        } else {
            disposable = Disposables.create()
        }
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let observer = AnonymousObserver<Element> { event in
            switch event {
            case .next(let value):
                onNext?(value)
            case .error(let error):
                if let onError {
                    onError(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
                disposable.dispose()
            case .completed:
                onCompleted?()
                disposable.dispose()
            }
        }
        return subscribeRecorded(observer) { subscription in
            Disposables.create(subscription, disposable)
        }
    }

    /// Subscribes closures that receive `object` weakly: once `object` is gone, elements and
    /// terminal events are no longer delivered to them.
    ///
    /// - Returns: the subscription; dispose it to stop receiving events.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onNext: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onNext: { [weak object] in
                guard let object else { return }
                onNext?(object, $0)
            },
            onError: { [weak object] in
                guard let object else { return }
                onError?(object, $0)
            },
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }

    /// Subscribes `observer` through ``subscribeSafe(_:)`` and records the user-facing subscription (who, to what, from
    /// which line, the disposable returned); the traits' subscribe forms come through here too.
    @inlinable @inline(__always) func subscribeRecorded(
        _ observer: AnonymousObserver<Element>,
        wrap: (Disposable) -> Disposable
    ) -> Disposable {
        guard let recorder = Instrumentation.recorder else {
            return wrap(subscribeSafe(observer))
        }
        let observable = asObservable()
        let subscription = recorder.subscriptionStarted(
            observable: observable.traceObjectID, observer: observer.traceObjectID, at: CallSite.capture()
        )
        observer.traceSubscriptionID = subscription
        let disposable = wrap(observable.subscribeSafe(observer))
        recorder.subscriptionReturned(subscription, disposable: Instrumentation.traceID(of: disposable))
        return disposable
    }
}

extension ObservableType {
    /// Subscribes `observer` to this sequence: the one funnel every internal subscribe goes
    /// through.
    ///
    /// Deviation from RxSwift: RxSwift 2 and 3 had this helper (its body was
    /// `asObservable().subscribe(observer)`), and RxSwift 4 inlined it at every call site.
    /// RxCore keeps it because the seeds' call flows go through it, and because one funnel is
    /// one place to record.
    @inlinable @inline(__always) package func subscribeSafe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let observable = asObservable()
        let call = TraceCall.enterSubscribeSafe(on: observable); defer { call.exit() }
        return observable.subscribe(observer)
    }
}

// Performance: `subscribe(_:)`, `subscribe(onNext:…)`, `subscribeRecorded` and `subscribeSafe` are
// @inlinable, the subscribe path always inlined, so the client specializes the observer and its
// closure for its element type (rows W1s, W2, W3); see Documentation/Performance.md.
// Performance: `subscribeSafe` enters through `TraceCall.enterSubscribeSafe`, which tells a
// recorder that leaves out the calls `subscribedThrough(_:)` instead: the leak checks' tracker
// takes no calls and no events and still knows each subscription's chain (RxCoreTests with and
// without the checks, `Benchmarks/leak-check-overhead.sh`).
