// Mirrors RxSwift's RxSwift/Traits/PrimitiveSequence/Maybe.swift.
// Deviation from RxSwift: `subscribe(onSuccess:…)` records the call stack for the default error
// handler whenever `Hooks.recordCallStackOnError` is set, with `Hooks.customCaptureSubscriptionCallstack`
// (RxSwift: only in DEBUG builds, with `Thread.callStackSymbols`).

/// The trait of a ``Maybe``: one element, or none, or an error.
public enum MaybeTrait {}

/// A sequence that sends one element, or completes without one, or fails.
public typealias Maybe<Element> = PrimitiveSequence<MaybeTrait, Element>

/// What a ``Maybe`` sends its subscriber.
@frozen public enum MaybeEvent<Element> {
    /// The one element (the underlying observable sends `.next` then `.completed`).
    case success(Element)

    /// The error that ended the sequence.
    case error(Swift.Error)

    /// Completion without an element.
    case completed
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// The closure a ``Maybe`` created with ``create(subscribe:)`` sends its one
    /// event to.
    public typealias MaybeObserver = (MaybeEvent<Element>) -> Void

    /// A maybe whose subscribers are served by `subscribe`: it gets a closure to send the
    /// element, completion or the error to, and returns what to dispose when the subscription
    /// ends.
    ///
    /// Only the first event the closure receives counts; later ones are dropped.
    public static func create(
        subscribe: @escaping (@escaping MaybeObserver) -> Disposable
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("Maybe.create"); defer { call.exit() }
        let source = Observable<Element>.create({ observer in
            subscribe { event in
                switch event {
                case .success(let element):
                    observer.on(.next(element))
                    observer.on(.completed)
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.completed)
                }
            }
        })
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes a closure that receives this maybe's one event.
    ///
    /// - Returns: the subscription; dispose it to stop waiting for the event.
    public func subscribe(
        _ observer: @escaping (MaybeEvent<Element>) -> Void
    ) -> Disposable {
        let call = TraceCall.enter("Maybe.subscribe(_:)"); defer { call.exit() }
        return subscribeMaybeEvents(observer) { $0 }
    }

    /// Subscribes closures that receive `object` weakly: once `object` is gone, none of them
    /// is called.
    ///
    /// - Returns: the subscription; dispose it to stop waiting for the event.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onSuccess: ((Object, Element) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onSuccess: { [weak object] in
                guard let object else { return }
                onSuccess?(object, $0)
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

    /// Subscribes closures for the element, the error, completion without an element and
    /// disposal; each is optional.
    ///
    /// An error with no `onError` goes to ``Hooks/defaultErrorHandler``. `onDisposed` runs once
    /// the subscription ends for any reason, after the other closure.
    ///
    /// - Returns: the subscription; dispose it to stop waiting for the event.
    public func subscribe(
        onSuccess: ((Element) -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let call = TraceCall.enter("Maybe.subscribe(onSuccess:onError:onCompleted:onDisposed:)"); defer { call.exit() }
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let disposable: Disposable = onDisposed.map(Disposables.create(with:)) ?? Disposables.create()
        let observer: MaybeObserver = { event in
            switch event {
            case .success(let element):
                onSuccess?(element)
                disposable.dispose()
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
        return subscribeMaybeEvents(observer) { subscription in
            Disposables.create(subscription, disposable)
        }
    }

    /// Subscribes `observer` to the first event of the source, as a ``MaybeEvent``, through
    /// the recorded subscribe path; the source's completion after its element is dropped.
    private func subscribeMaybeEvents(
        _ observer: @escaping MaybeObserver,
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
                observer(.error(error))
            case .completed:
                observer(.completed)
            }
        }
        return primitiveSequence.source.subscribeRecorded(anonymous, wrap: wrap)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// A maybe that sends `element`.
    public static func just(_ element: Element) -> Maybe<Element> {
        let call = TraceCall.enter("Maybe.just"); defer { call.exit() }
        return Maybe(raw: Observable.just(element))
    }

    /// A maybe that sends `element` on `scheduler`, then completes, each as its own step there.
    public static func just(
        _ element: Element, scheduler: ImmediateSchedulerType
    ) -> Maybe<Element> {
        let call = TraceCall.enter("Maybe.just"); defer { call.exit() }
        return Maybe(raw: Observable.just(element, scheduler: scheduler))
    }

    /// A maybe that fails with `error`.
    public static func error(_ error: Swift.Error) -> Maybe<Element> {
        let call = TraceCall.enter("Maybe.error"); defer { call.exit() }
        return Maybe(raw: Observable.error(error))
    }

    /// A maybe that never sends anything.
    public static func never() -> Maybe<Element> {
        let call = TraceCall.enter("Maybe.never"); defer { call.exit() }
        return Maybe(raw: Observable.never())
    }

    /// A maybe that completes without an element.
    public static func empty() -> Maybe<Element> {
        let call = TraceCall.enter("Maybe.empty"); defer { call.exit() }
        return Maybe(raw: Observable.empty())
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Calls the given closures on this maybe's event and subscription steps, and passes the
    /// event on unchanged; see ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Maybe<Element> {
        let call = TraceCall.enter("Maybe.do"); defer { call.exit() }
        return Maybe(
            raw: primitiveSequence.source.do(
                onNext: onNext,
                afterNext: afterNext,
                onError: onError,
                afterError: afterError,
                onCompleted: onCompleted,
                afterCompleted: afterCompleted,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            )
        )
    }

    /// This maybe's element if `predicate` accepts it, else empty.
    public func filter(
        _ predicate: @escaping (Element) throws -> Bool
    ) -> Maybe<Element> {
        let call = TraceCall.enter("Maybe.filter"); defer { call.exit() }
        return Maybe(raw: primitiveSequence.source.filter(predicate))
    }

    /// A maybe of this maybe's element transformed by `transform`; an error it throws fails
    /// the result.
    public func map<Result>(
        _ transform: @escaping (Element) throws -> Result
    ) -> Maybe<Result> {
        let call = TraceCall.enter("Maybe.map"); defer { call.exit() }
        return Maybe(raw: primitiveSequence.source.map(transform))
    }

    /// A maybe of this maybe's element transformed by `transform`, empty when it returns nil.
    public func compactMap<Result>(
        _ transform: @escaping (Element) throws -> Result?
    ) -> Maybe<Result> {
        let call = TraceCall.enter("Maybe.compactMap"); defer { call.exit() }
        return Maybe(raw: primitiveSequence.source.compactMap(transform))
    }

    /// The maybe that `selector` makes from this maybe's element; empty when this one is.
    public func flatMap<Result>(
        _ selector: @escaping (Element) throws -> Maybe<Result>
    ) -> Maybe<Result> {
        let call = TraceCall.enter("Maybe.flatMap"); defer { call.exit() }
        return Maybe<Result>(raw: primitiveSequence.source.flatMap(selector))
    }

    /// A single of this maybe's element, or of `default` when it completes empty.
    public func ifEmpty(default: Element) -> Single<Element> {
        let call = TraceCall.enter("Maybe.ifEmpty(default:)"); defer { call.exit() }
        return Single(raw: primitiveSequence.source.ifEmpty(default: `default`))
    }

    /// This maybe, or `other` when it completes empty.
    public func ifEmpty(
        switchTo other: Maybe<Element>
    ) -> Maybe<Element> {
        let call = TraceCall.enter("Maybe.ifEmpty(switchTo:)"); defer { call.exit() }
        return Maybe(raw: primitiveSequence.source.ifEmpty(switchTo: other.primitiveSequence.source))
    }

    /// This maybe, or the single `other` when it completes empty.
    public func ifEmpty(
        switchTo other: Single<Element>
    ) -> Single<Element> {
        let call = TraceCall.enter("Maybe.ifEmpty(switchTo:)"); defer { call.exit() }
        return Single(raw: primitiveSequence.source.ifEmpty(switchTo: other.primitiveSequence.source))
    }

    /// This maybe, or `element` if it fails.
    public func catchAndReturn(
        _ element: Element
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("Maybe.catchAndReturn"); defer { call.exit() }
        return PrimitiveSequence(raw: primitiveSequence.source.catchAndReturn(element))
    }
}
