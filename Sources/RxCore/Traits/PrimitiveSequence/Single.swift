// Mirrors RxSwift's RxSwift/Traits/PrimitiveSequence/Single.swift.
// Deviation from RxSwift: `subscribe(onSuccess:…)` records the call stack for the default error
// handler whenever `Hooks.recordCallStackOnError` is set, with `Hooks.customCaptureSubscriptionCallstack`
// (RxSwift: only in DEBUG builds, with `Thread.callStackSymbols`).

/// The trait of a ``Single``: exactly one element, or an error.
public enum SingleTrait {}

/// A sequence that sends exactly one element, or an error.
public typealias Single<Element> = PrimitiveSequence<SingleTrait, Element>

/// What a ``Single`` sends its subscriber: the element, or the error.
public typealias SingleEvent<Element> = Result<Element, Swift.Error>

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// The closure a ``Single`` created with ``create(subscribe:)`` sends its one
    /// event to.
    public typealias SingleObserver = (SingleEvent<Element>) -> Void

    /// A single whose subscribers are served by `subscribe`: it gets a closure to send the
    /// element or the error to, and returns what to dispose when the subscription ends.
    ///
    /// Only the first event the closure receives counts; later ones are dropped.
    public static func create(
        subscribe: @escaping (@escaping SingleObserver) -> Disposable
    ) -> Single<Element> {
        let call = TraceCall.enter("Single.create"); defer { call.exit() }
        let source = Observable<Element>.create({ observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .failure(let error):
                    observer.on(.error(error))
                }
            }
        })
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes a closure that receives this single's one event.
    ///
    /// - Returns: the subscription; dispose it to stop waiting for the event.
    public func subscribe(
        _ observer: @escaping (SingleEvent<Element>) -> Void
    ) -> Disposable {
        let call = TraceCall.enter("Single.subscribe(_:)"); defer { call.exit() }
        return subscribeSingleEvents(observer) { $0 }
    }

    /// Subscribes closures for the element, the error and disposal; each is optional.
    ///
    /// Deprecated in RxSwift 6 for ``subscribe(onSuccess:onFailure:onDisposed:)``.
    @available(*, deprecated, renamed: "subscribe(onSuccess:onFailure:onDisposed:)")
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: @escaping ((Swift.Error) -> Void),
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        subscribe(onSuccess: onSuccess, onFailure: onError, onDisposed: onDisposed)
    }

    /// Subscribes closures that receive `object` weakly: once `object` is gone, none of them
    /// is called.
    ///
    /// - Returns: the subscription; dispose it to stop waiting for the event.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onFailure: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: { [weak object] in
                guard let object else { return }
                onSuccess?(object, $0)
            },
            onFailure: { [weak object] in
                guard let object else { return }
                onFailure?(object, $0)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }

    /// Subscribes closures for the element, the error and disposal; each is optional.
    ///
    /// An error with no `onFailure` goes to ``Hooks/defaultErrorHandler``. `onDisposed` runs
    /// once the subscription ends for any reason, after `onSuccess` or `onFailure`.
    ///
    /// - Returns: the subscription; dispose it to stop waiting for the event.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onFailure: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let call = TraceCall.enter("Single.subscribe(onSuccess:onFailure:onDisposed:)"); defer { call.exit() }
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let disposable: Disposable = onDisposed.map(Disposables.create(with:)) ?? Disposables.create()
        let observer: SingleObserver = { event in
            switch event {
            case .success(let element):
                onSuccess?(element)
                disposable.dispose()
            case .failure(let error):
                if let onFailure {
                    onFailure(error)
                } else {
                    Hooks.defaultErrorHandler(callStack, error)
                }
                disposable.dispose()
            }
        }
        return subscribeSingleEvents(observer) { subscription in
            Disposables.create(subscription, disposable)
        }
    }

    /// Subscribes `observer` to the first event of the source, as a ``SingleEvent``, through
    /// the recorded subscribe path; the source's completion after its element is dropped.
    private func subscribeSingleEvents(
        _ observer: @escaping SingleObserver,
        wrap: (Disposable) -> Disposable
    ) -> Disposable {
        var isStopped = false
        let anonymous = AnonymousObserver<Element> { event in
            if isStopped { return }
            isStopped = true
            switch event {
            case .next(let element):
                observer(.success(element))
            case .error(let error):
                observer(.failure(error))
            case .completed:
                rxFatalErrorInDebug("Singles can't emit a completion event")
            }
        }
        return primitiveSequence.source.subscribeRecorded(anonymous, wrap: wrap)
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A single that sends `element`.
    public static func just(_ element: Element) -> Single<Element> {
        let call = TraceCall.enter("Single.just"); defer { call.exit() }
        return Single(raw: Observable.just(element))
    }

    /// A single that sends `element` on `scheduler`, then completes, each as its own step there.
    public static func just(
        _ element: Element, scheduler: ImmediateSchedulerType
    ) -> Single<Element> {
        let call = TraceCall.enter("Single.just"); defer { call.exit() }
        return Single(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A single that fails with `error`.
    public static func error(_ error: Swift.Error) -> Single<Element> {
        let call = TraceCall.enter("Single.error"); defer { call.exit() }
        return Single(raw: Observable.error(error))
    }

    /// A single that never sends anything.
    public static func never() -> Single<Element> {
        let call = TraceCall.enter("Single.never"); defer { call.exit() }
        return Single(raw: Observable.never())
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Calls the given closures on this single's event and subscription steps, and passes the
    /// event on unchanged; see ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    public func `do`(
        onSuccess: ((Element) throws -> Void)? = nil,
        afterSuccess: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Single<Element> {
        let call = TraceCall.enter("Single.do"); defer { call.exit() }
        return Single(
            raw: primitiveSequence.source.do(
                onNext: onSuccess,
                afterNext: afterSuccess,
                onError: onError,
                afterError: afterError,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            )
        )
    }

    /// A maybe with this single's element if `predicate` accepts it, else empty.
    public func filter(
        _ predicate: @escaping (Element) throws -> Bool
    ) -> Maybe<Element> {
        let call = TraceCall.enter("Single.filter"); defer { call.exit() }
        return Maybe(raw: primitiveSequence.source.filter(predicate))
    }

    /// A single of this single's element transformed by `transform`; an error it throws fails
    /// the result.
    public func map<Result>(
        _ transform: @escaping (Element) throws -> Result
    ) -> Single<Result> {
        let call = TraceCall.enter("Single.map"); defer { call.exit() }
        return Single(raw: primitiveSequence.source.map(transform))
    }

    /// A maybe of this single's element transformed by `transform`, empty when it returns nil.
    public func compactMap<Result>(
        _ transform: @escaping (Element) throws -> Result?
    ) -> Maybe<Result> {
        let call = TraceCall.enter("Single.compactMap"); defer { call.exit() }
        return Maybe(raw: primitiveSequence.source.compactMap(transform))
    }

    /// The single that `selector` makes from this single's element.
    public func flatMap<Result>(
        _ selector: @escaping (Element) throws -> Single<Result>
    ) -> Single<Result> {
        let call = TraceCall.enter("Single.flatMap"); defer { call.exit() }
        return Single<Result>(raw: primitiveSequence.source.flatMap(selector))
    }

    /// The maybe that `selector` makes from this single's element.
    public func flatMapMaybe<Result>(
        _ selector: @escaping (Element) throws -> Maybe<Result>
    ) -> Maybe<Result> {
        let call = TraceCall.enter("Single.flatMapMaybe"); defer { call.exit() }
        return Maybe<Result>(
            raw: primitiveSequence.source.flatMap(selector)
                .assembled(by: "flatMapMaybe")
        )
    }

    /// The completable that `selector` makes from this single's element.
    public func flatMapCompletable(
        _ selector: @escaping (Element) throws -> Completable
    ) -> Completable {
        let call = TraceCall.enter("Single.flatMapCompletable"); defer { call.exit() }
        return Completable(
            raw: primitiveSequence.source.flatMap(selector)
                .assembled(by: "flatMapCompletable")
        )
    }

    /// A single of `resultSelector` applied to the elements of every single in `collection`,
    /// in the collection's order; the first error fails it. An empty collection gives
    /// `resultSelector([])`.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> PrimitiveSequence<Trait, Result> where Collection.Element == PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("Single.zip"); defer { call.exit() }
        if collection.isEmpty {
            let deferred = Observable<Result>.deferred({
                Observable.just(try resultSelector([]))
            })
            return PrimitiveSequence<Trait, Result>(raw: deferred.assembled(by: "zip"))
        }
        let raw = Observable.zip(collection.map { $0.asObservable() }, resultSelector: resultSelector)
        return PrimitiveSequence<Trait, Result>(raw: raw)
    }

    /// A single of the elements of every single in `collection`, in the collection's order;
    /// the first error fails it. An empty collection gives `[]`.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> PrimitiveSequence<Trait, [Element]> where Collection.Element == PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("Single.zip"); defer { call.exit() }
        if collection.isEmpty {
            return PrimitiveSequence<Trait, [Element]>(
                raw: Observable.just([]).assembled(by: "zip")
            )
        }
        let raw = Observable.zip(collection.map { $0.asObservable() })
        return PrimitiveSequence(raw: raw)
    }

    /// This single, or `element` if it fails.
    public func catchAndReturn(
        _ element: Element
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("Single.catchAndReturn"); defer { call.exit() }
        return PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }

    /// This single as a ``Maybe``.
    public func asMaybe() -> Maybe<Element> {
        Maybe(raw: primitiveSequence.source)
    }

    /// This single as a ``Completable``: its element is dropped, its completion or error
    /// kept.
    public func asCompletable() -> Completable {
        let call = TraceCall.enter("Single.asCompletable"); defer { call.exit() }
        return primitiveSequence.source.ignoreElements()
            .assembled(by: "asCompletable")
            .asCompletable()
    }
}
