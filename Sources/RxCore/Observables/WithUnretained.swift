// Mirrors RxSwift's RxSwift/Observables/WithUnretained.swift.
// Simpler than RxSwift: one sink of its own instead of RxSwift's `map` that throws a private
// error once the object is gone, followed by a `catch` that turns that error into
// completion. The events are the same.

extension ObservableType {
    /// Pairs each element with `obj`, held weakly, through `resultSelector`; once `obj` is
    /// gone, the next element completes the sequence instead.
    ///
    /// - Parameters:
    ///   - obj: The object to pass along without retaining it.
    ///   - resultSelector: Combines the object and an element.
    /// - Returns: The combined values, until `obj` is released.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> Observable<Out> {
        let call = TraceCall.enter("withUnretained"); defer { call.exit() }
        return WithUnretained(source: asObservable(), object: obj, resultSelector: resultSelector)
            .assembled(by: "withUnretained")
    }

    /// Pairs each element with `obj`, held weakly; once `obj` is gone, the next element
    /// completes the sequence instead.
    ///
    /// - Parameter obj: The object to pass along without retaining it.
    /// - Returns: `(obj, element)` tuples, until `obj` is released.
    public func withUnretained<Object: AnyObject>(
        _ obj: Object
    ) -> Observable<(Object, Element)> {
        let call = TraceCall.enter("withUnretained"); defer { call.exit() }
        return WithUnretained(source: asObservable(), object: obj, resultSelector: { ($0, $1) })
            .assembled(by: "withUnretained")
    }
}

// MARK: - Sink

/// One subscription's state for `withUnretained`: combines each element with the weakly held
/// object, or completes once it is gone; created by `WithUnretained.run`, released when the
/// subscription is disposed or terminates.
final class WithUnretainedSink<Object: AnyObject, SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = SourceElement
    typealias Parent = WithUnretained<Object, SourceElement, Observer.Element>

    private let parent: Parent

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<SourceElement>) {
        let call = TraceCall.enter("WithUnretainedSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            guard let object = parent.object else {
                forwardOn(.completed)
                dispose()
                return
            }
            forwardOn(.next(parent.resultSelector(object, element)))
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.completed)
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `withUnretained` returns: its source, a weak reference to the object, and
/// the result selector. Each subscription gets a ``WithUnretainedSink``.
final class WithUnretained<Object: AnyObject, SourceElement, Out>: Producer<Out> {
    typealias ResultSelector = (Object, SourceElement) -> Out

    private let source: Observable<SourceElement>
    fileprivate weak var object: Object?
    fileprivate let resultSelector: ResultSelector

    init(source: Observable<SourceElement>, object: Object, resultSelector: @escaping ResultSelector) {
        self.source = source
        self.object = object
        self.resultSelector = resultSelector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Out {
        let call = TraceCall.enter("WithUnretained.run", on: self); defer { call.exit() }
        let sink = WithUnretainedSink<Object, SourceElement, Observer>(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
