// Mirrors RxSwift's RxSwift/Traits/PrimitiveSequence/Completable.swift, with the deprecated
// `merge` forms RxSwift 6 keeps in RxSwift/Deprecated.swift.
// Deviation from RxSwift: `subscribe(onCompleted:…)` records the call stack for the default error
// handler whenever `Hooks.recordCallStackOnError` is set, with `Hooks.customCaptureSubscriptionCallstack`
// (RxSwift: only in DEBUG builds, with `Thread.callStackSymbols`).

/// The trait of a ``Completable``: no element, only completion or an error.
public enum CompletableTrait {}

/// A sequence that only completes or fails.
public typealias Completable = PrimitiveSequence<CompletableTrait, Swift.Never>

/// What a ``Completable`` sends its subscriber.
@frozen public enum CompletableEvent {
    /// The error that ended the sequence.
    case error(Swift.Error)

    /// Completion.
    case completed
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// The closure a ``Completable`` created with ``create(subscribe:)`` sends its
    /// one event to.
    public typealias CompletableObserver = (CompletableEvent) -> Void

    /// A completable whose subscribers are served by `subscribe`: it gets a closure to send
    /// completion or the error to, and returns what to dispose when the subscription ends.
    ///
    /// Only the first event the closure receives counts; later ones are dropped.
    public static func create(
        subscribe: @escaping (@escaping CompletableObserver) -> Disposable
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("Completable.create"); defer { call.exit() }
        let source = Observable<Element>.create({ observer in
            subscribe { event in
                switch event {
                case .error(let error):
                    observer.on(.error(error))
                case .completed:
                    observer.on(.completed)
                }
            }
        })
        return PrimitiveSequence(raw: source)
    }

    /// Subscribes a closure that receives this completable's one event.
    ///
    /// - Returns: the subscription; dispose it to stop waiting for the event.
    public func subscribe(
        _ observer: @escaping (CompletableEvent) -> Void
    ) -> Disposable {
        let call = TraceCall.enter("Completable.subscribe(_:)"); defer { call.exit() }
        return subscribeCompletableEvents(observer) { $0 }
    }

    /// Subscribes closures that receive `object` weakly: once `object` is gone, none of them
    /// is called.
    ///
    /// - Returns: the subscription; dispose it to stop waiting for the event.
    public func subscribe<Object: AnyObject>(
        with object: Object,
        onCompleted: ((Object) -> Void)? = nil,
        onError: ((Object, Swift.Error) -> Void)? = nil,
        onDisposed: ((Object) -> Void)? = nil
    ) -> Disposable {
        subscribe(
            onCompleted: { [weak object] in
                guard let object else { return }
                onCompleted?(object)
            },
            onError: { [weak object] in
                guard let object else { return }
                onError?(object, $0)
            },
            onDisposed: { [weak object] in
                guard let object else { return }
                onDisposed?(object)
            }
        )
    }

    /// Subscribes closures for completion, the error and disposal; each is optional.
    ///
    /// An error with no `onError` goes to ``Hooks/defaultErrorHandler``. `onDisposed` runs once
    /// the subscription ends for any reason, after the other closure.
    ///
    /// - Returns: the subscription; dispose it to stop waiting for the event.
    public func subscribe(
        onCompleted: (() -> Void)? = nil,
        onError: ((Swift.Error) -> Void)? = nil,
        onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let call = TraceCall.enter("Completable.subscribe(onCompleted:onError:onDisposed:)"); defer { call.exit() }
        let callStack = Hooks.recordCallStackOnError ? Hooks.customCaptureSubscriptionCallstack() : []
        let disposable: Disposable = onDisposed.map(Disposables.create(with:)) ?? Disposables.create()
        let observer: CompletableObserver = { event in
            switch event {
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
        return subscribeCompletableEvents(observer) { subscription in
            Disposables.create(subscription, disposable)
        }
    }

    /// Subscribes `observer` to the source's stop event, as a ``CompletableEvent``, through the
    /// recorded subscribe path.
    private func subscribeCompletableEvents(
        _ observer: @escaping CompletableObserver,
        wrap: (Disposable) -> Disposable
    ) -> Disposable {
        var isStopped = false
        let anonymous = AnonymousObserver<Element> { event in
            if isStopped { return }
            isStopped = true
            switch event {
            case .next:
                rxFatalError("Completables can't emit values")
            case .error(let error):
                observer(.error(error))
            case .completed:
                observer(.completed)
            }
        }
        return primitiveSequence.source.subscribeRecorded(anonymous, wrap: wrap)
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// A completable that fails with `error`.
    public static func error(_ error: Swift.Error) -> Completable {
        let call = TraceCall.enter("Completable.error"); defer { call.exit() }
        return PrimitiveSequence(raw: Observable.error(error))
    }

    /// A completable that never sends anything.
    public static func never() -> Completable {
        let call = TraceCall.enter("Completable.never"); defer { call.exit() }
        return PrimitiveSequence(raw: Observable.never())
    }

    /// A completable that completes at once.
    public static func empty() -> Completable {
        let call = TraceCall.enter("Completable.empty"); defer { call.exit() }
        return Completable(raw: Observable.empty())
    }
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Swift.Never {
    /// Calls the given closures on this completable's event and subscription steps, and
    /// passes the event on unchanged; see ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    public func `do`(
        onError: ((Swift.Error) throws -> Void)? = nil,
        afterError: ((Swift.Error) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Completable {
        let call = TraceCall.enter("Completable.do"); defer { call.exit() }
        return Completable(
            raw: primitiveSequence.source.do(
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

    /// This completable, then `second` once it completed.
    public func concat(_ second: Completable) -> Completable {
        let call = TraceCall.enter("Completable.concat"); defer { call.exit() }
        return Completable.concat([primitiveSequence, second])
    }

    /// The completables of `sequence`, one after the other, each once the one before it
    /// completed; the first error ends the result.
    public static func concat<Sequence: Swift.Sequence>(
        _ sequence: Sequence
    ) -> Completable where Sequence.Element == Completable {
        let call = TraceCall.enter("Completable.concat"); defer { call.exit() }
        return Completable(raw: Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// The completables of `collection`, one after the other, each once the one before it
    /// completed; the first error ends the result.
    public static func concat<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Completable where Collection.Element == Completable {
        let call = TraceCall.enter("Completable.concat"); defer { call.exit() }
        return Completable(raw: Observable.concat(collection.map { $0.asObservable() }))
    }

    /// The completables `sources`, one after the other, each once the one before it
    /// completed; the first error ends the result.
    public static func concat(_ sources: Completable...) -> Completable {
        let call = TraceCall.enter("Completable.concat"); defer { call.exit() }
        return Completable(raw: Observable.concat(sources.map { $0.asObservable() }))
    }

    /// A completable that completes once every completable of `sources`, all subscribed at
    /// once, completed; the first error ends it.
    public static func zip<Collection: Swift.Collection>(
        _ sources: Collection
    ) -> Completable where Collection.Element == Completable {
        let call = TraceCall.enter("Completable.zip"); defer { call.exit() }
        return Completable(
            raw: Observable.merge(sources.map { $0.asObservable() })
                .assembled(by: "zip")
        )
    }

    /// A completable that completes once every completable of `sources`, all subscribed at
    /// once, completed; the first error ends it.
    public static func zip(_ sources: [Completable]) -> Completable {
        let call = TraceCall.enter("Completable.zip"); defer { call.exit() }
        return Completable(
            raw: Observable.merge(sources.map { $0.asObservable() })
                .assembled(by: "zip")
        )
    }

    /// A completable that completes once every completable of `sources`, all subscribed at
    /// once, completed; the first error ends it.
    public static func zip(_ sources: Completable...) -> Completable {
        let call = TraceCall.enter("Completable.zip"); defer { call.exit() }
        return Completable(
            raw: Observable.merge(sources.map { $0.asObservable() })
                .assembled(by: "zip")
        )
    }

    /// ``zip(_:)`` under its RxSwift 5 name.
    @available(*, deprecated, message: "Use Completable.zip instead.", renamed: "zip")
    public static func merge<Collection: Swift.Collection>(
        _ sources: Collection
    ) -> Completable where Collection.Element == Completable {
        zip(sources)
    }

    /// ``zip(_:)`` under its RxSwift 5 name.
    @available(*, deprecated, message: "Use Completable.zip instead.", renamed: "zip")
    public static func merge(_ sources: [Completable]) -> Completable {
        zip(sources)
    }

    /// ``zip(_:)`` under its RxSwift 5 name.
    @available(*, deprecated, message: "Use Completable.zip instead.", renamed: "zip")
    public static func merge(_ sources: Completable...) -> Completable {
        zip(sources)
    }
}
