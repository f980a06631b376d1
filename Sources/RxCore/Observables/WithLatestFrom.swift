// Mirrors RxSwift's RxSwift/Observables/WithLatestFrom.swift.
// Simpler than RxSwift: the sink and `WithLatestFromSecond` take the shared lock themselves
// rather than through RxSwift's `SynchronizedOnType` protocol.

extension ObservableType {
    /// Combines each element of this sequence with the latest element of `second` through
    /// `resultSelector`; elements that arrive before `second` has sent one are dropped.
    ///
    /// The result ends when this sequence ends, or with an error from `second` or
    /// `resultSelector`; `second` completing only stops its subscription.
    public func withLatestFrom<Source: ObservableConvertibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Observable<ResultType> {
        let call = TraceCall.enter("withLatestFrom"); defer { call.exit() }
        return WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: resultSelector)
            .assembled(by: "withLatestFrom")
    }

    /// The latest element of `second` each time this sequence sends an element; elements
    /// that arrive before `second` has sent one are dropped.
    public func withLatestFrom<Source: ObservableConvertibleType>(
        _ second: Source
    ) -> Observable<Source.Element> {
        let call = TraceCall.enter("withLatestFrom"); defer { call.exit() }
        return WithLatestFrom(first: asObservable(), second: second.asObservable(), resultSelector: { $1 })
            .assembled(by: "withLatestFrom")
    }
}

// MARK: - Sink

/// One subscription's state for `withLatestFrom`: observes the first sequence, keeps the
/// latest element of the second (which ``WithLatestFromSecond`` stores), and combines them;
/// created by `WithLatestFrom.run`, released when the subscription is disposed or terminates.
///
/// Its `lock` is shared with ``WithLatestFromSecond``, so events of both sequences are handled
/// one at a time, and results are forwarded while holding it, as in RxSwift.
final class WithLatestFromSink<FirstType, SecondType, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias ResultType = Observer.Element
    typealias Parent = WithLatestFrom<FirstType, SecondType, ResultType>
    typealias Element = FirstType

    private let parent: Parent

    let lock = RecursiveLock()
    /// The latest element of the second sequence, once it sent one. Guarded by `lock`.
    var latest: SecondType?

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the second sequence, then the first; returns the disposable that ends
    /// both subscriptions.
    func run() -> Disposable {
        let call = TraceCall.enter("WithLatestFromSink.run", on: self); defer { call.exit() }
        let secondSubscription = SingleAssignmentDisposable()
        let secondObserver = WithLatestFromSecond(parent: self, disposable: secondSubscription)

        secondSubscription.setDisposable(parent.second.subscribeSafe(secondObserver))
        let firstSubscription = parent.first.subscribeSafe(self)

        return Disposables.create(firstSubscription, secondSubscription)
    }

    func on(_ event: Event<FirstType>) {
        let call = TraceCall.enter("WithLatestFromSink.on", on: self, event: event); defer { call.exit() }
        lock.performLocked { synchronized_on(event) }
    }

    /// Combines or forwards `event` of the first sequence. Caller holds `lock`.
    private func synchronized_on(_ event: Event<FirstType>) {
        switch event {
        case .next(let element):
            guard let latest else { return }
            do {
                let result = try parent.resultSelector(element, latest)
                forwardOn(.next(result))
            } catch {
                forwardOn(.error(error))
                dispose()
            }
        case .completed:
            forwardOn(.completed)
            dispose()
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        }
    }
}

/// The observer of `withLatestFrom`'s second sequence: stores each element in the sink, and
/// ends the result on an error, under the sink's lock.
///
/// Created by `WithLatestFromSink.run`; on completion it disposes only its own subscription.
/// Lives as long as that subscription.
final class WithLatestFromSecond<FirstType, SecondType, Observer: ObserverType>: ObserverType, TraceableObject {
    typealias Parent = WithLatestFromSink<FirstType, SecondType, Observer>
    typealias Element = SecondType

    private let parent: Parent
    /// The subscription to the second sequence.
    private let disposable: Disposable

    /// The id the recorder gave this observer, or ``ObjectID/none``.
    private(set) var traceObjectID = ObjectID.none

    init(parent: Parent, disposable: Disposable) {
        self.parent = parent
        self.disposable = disposable
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    func on(_ event: Event<SecondType>) {
        let call = TraceCall.enter("WithLatestFromSecond.on", on: self, event: event); defer { call.exit() }
        parent.lock.performLocked { synchronized_on(event) }
    }

    /// Stores or reports `event` of the second sequence. Caller holds the sink's `lock`.
    private func synchronized_on(_ event: Event<SecondType>) {
        switch event {
        case .next(let element):
            parent.latest = element
        case .completed:
            disposable.dispose()
        case .error(let error):
            parent.forwardOn(.error(error))
            parent.dispose()
        }
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
    }
}

// MARK: - Producer

/// The observable `withLatestFrom` returns: both sequences and the result selector. Each
/// subscription gets a ``WithLatestFromSink``.
final class WithLatestFrom<FirstType, SecondType, ResultType>: Producer<ResultType> {
    typealias ResultSelector = (FirstType, SecondType) throws -> ResultType

    fileprivate let first: Observable<FirstType>
    fileprivate let second: Observable<SecondType>
    fileprivate let resultSelector: ResultSelector

    init(first: Observable<FirstType>, second: Observable<SecondType>, resultSelector: @escaping ResultSelector) {
        self.first = first
        self.second = second
        self.resultSelector = resultSelector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == ResultType {
        let call = TraceCall.enter("WithLatestFrom.run", on: self); defer { call.exit() }
        let sink = WithLatestFromSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
