// Mirrors RxSwift's RxSwift/Observables/CombineLatest+arity.swift (two sources only).
// Simpler than RxSwift: RxSwift generates arities 2 to 8 from a template; RxCore has 2.

extension ObservableType {
    /// Combines the latest elements of two sequences with `resultSelector`, each time either
    /// sends, once both have sent an element.
    ///
    /// An error from either source or from `resultSelector` ends the result. It completes
    /// when both sources completed, or when one sends while the other is done.
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        let call = TraceCall.enter("combineLatest"); defer { call.exit() }
        return CombineLatest2(
            source1: source1.asObservable(), source2: source2.asObservable(),
            resultSelector: resultSelector
        ).assembled(by: "combineLatest", file: file, line: line)
    }
}

extension ObservableType where Element == Any {
    /// Combines the latest elements of two sequences into tuples, each time either sends,
    /// once both have sent an element.
    public static func combineLatest<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<(O1.Element, O2.Element)> {
        let call = TraceCall.enter("combineLatest"); defer { call.exit() }
        return CombineLatest2(
            source1: source1.asObservable(), source2: source2.asObservable(),
            resultSelector: { ($0, $1) }
        ).assembled(by: "combineLatest", file: file, line: line)
    }
}

// MARK: - Sink

/// One subscription's state for `combineLatest` of two sources: their latest elements and a
/// ``CombineLatestObserver`` per source; created by `CombineLatest2.run`, released when the
/// subscription is disposed or terminates.
final class CombineLatestSink2_<E1, E2, Observer: ObserverType>: CombineLatestSink<Observer> {
    typealias Result = Observer.Element
    typealias Parent = CombineLatest2<E1, E2, Result>

    private let parent: Parent

    /// The latest element of source 1, once it sent one. Guarded by `lock`.
    private var latestElement1: E1?
    /// The latest element of source 2, once it sent one. Guarded by `lock`.
    private var latestElement2: E2?

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(arity: 2, observer: observer, cancel: cancel)
    }

    /// Subscribes to both sources; returns the disposable that ends both subscriptions.
    func run() -> Disposable {
        let call = TraceCall.enter("CombineLatestSink2_.run", on: self); defer { call.exit() }
        let subscription1 = SingleAssignmentDisposable()
        let subscription2 = SingleAssignmentDisposable()

        let observer1 = CombineLatestObserver(
            lock: lock, parent: self, index: 0,
            setLatestValue: { (element: E1) in self.latestElement1 = element },
            this: subscription1
        )
        let observer2 = CombineLatestObserver(
            lock: lock, parent: self, index: 1,
            setLatestValue: { (element: E2) in self.latestElement2 = element },
            this: subscription2
        )

        subscription1.setDisposable(parent.source1.subscribeSafe(observer1))
        subscription2.setDisposable(parent.source2.subscribeSafe(observer2))

        return Disposables.create([subscription1, subscription2])
    }

    override func getResult() throws -> Result {
        guard let latestElement1, let latestElement2 else {
            rxFatalError("getResult called before both sources sent an element")
        }
        return try parent.resultSelector(latestElement1, latestElement2)
    }
}

// MARK: - Producer

/// The observable `combineLatest` of two sources returns: the sources and the result
/// selector. Each subscription gets a ``CombineLatestSink2_``.
final class CombineLatest2<E1, E2, Result>: Producer<Result> {
    typealias ResultSelector = (E1, E2) throws -> Result

    let source1: Observable<E1>
    let source2: Observable<E2>
    let resultSelector: ResultSelector

    init(source1: Observable<E1>, source2: Observable<E2>, resultSelector: @escaping ResultSelector) {
        self.source1 = source1
        self.source2 = source2
        self.resultSelector = resultSelector
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Result {
        let call = TraceCall.enter("CombineLatest2.run", on: self); defer { call.exit() }
        let sink = CombineLatestSink2_(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
