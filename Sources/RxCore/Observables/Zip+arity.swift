// Mirrors RxSwift's RxSwift/Observables/Zip+arity.swift (two sources only).
// Simpler than RxSwift: RxSwift generates arities 2 to 8 from a template; RxCore has 2. The
// queues are arrays rather than RxSwift's ring-buffer `Queue`.

extension ObservableType {
    /// Combines the elements of two sequences pairwise with `resultSelector`: the first of
    /// each, then the second of each, and so on.
    ///
    /// An error from either source or from `resultSelector` ends the result. It completes
    /// when both sources completed.
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        resultSelector: @escaping (O1.Element, O2.Element) throws -> Element,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        let call = TraceCall.enter("zip"); defer { call.exit() }
        return Zip2(
            source1: source1.asObservable(), source2: source2.asObservable(),
            resultSelector: resultSelector
        ).assembled(by: "zip", file: file, line: line)
    }
}

extension ObservableType where Element == Any {
    /// Combines the elements of two sequences pairwise into tuples: the first of each, then
    /// the second of each, and so on.
    public static func zip<O1: ObservableType, O2: ObservableType>(
        _ source1: O1, _ source2: O2,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<(O1.Element, O2.Element)> {
        let call = TraceCall.enter("zip"); defer { call.exit() }
        return Zip2(
            source1: source1.asObservable(), source2: source2.asObservable(),
            resultSelector: { ($0, $1) }
        ).assembled(by: "zip", file: file, line: line)
    }
}

// MARK: - Sink

/// One subscription's state for `zip` of two sources: a queue of not-yet-paired elements per
/// source and a ``ZipObserver`` per source; created by `Zip2.run`, released when the
/// subscription is disposed or terminates.
final class ZipSink2_<E1, E2, Observer: ObserverType>: ZipSink<Observer> {
    typealias Result = Observer.Element
    typealias Parent = Zip2<E1, E2, Result>

    private let parent: Parent

    /// Elements of source 1 waiting for a partner. Guarded by `lock`.
    private var values1: [E1] = []
    /// Elements of source 2 waiting for a partner. Guarded by `lock`.
    private var values2: [E2] = []

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(arity: 2, observer: observer, cancel: cancel)
    }

    override func hasElements(_ index: Int) -> Bool {
        switch index {
        case 0: !values1.isEmpty
        case 1: !values2.isEmpty
        default: rxFatalError("Unhandled case (Function)")
        }
    }

    /// Subscribes to both sources; returns the disposable that ends both subscriptions.
    func run() -> Disposable {
        let call = TraceCall.enter("ZipSink2_.run", on: self); defer { call.exit() }
        let subscription1 = SingleAssignmentDisposable()
        let subscription2 = SingleAssignmentDisposable()

        let observer1 = ZipObserver(
            lock: lock, parent: self, index: 0, setNextValue: { self.values1.append($0) }, this: subscription1
        )
        let observer2 = ZipObserver(
            lock: lock, parent: self, index: 1, setNextValue: { self.values2.append($0) }, this: subscription2
        )

        subscription1.setDisposable(parent.source1.subscribeSafe(observer1))
        subscription2.setDisposable(parent.source2.subscribeSafe(observer2))

        return Disposables.create([subscription1, subscription2])
    }

    override func getResult() throws -> Result {
        try parent.resultSelector(values1.removeFirst(), values2.removeFirst())
    }
}

// MARK: - Producer

/// The observable `zip` of two sources returns: the sources and the result selector. Each
/// subscription gets a ``ZipSink2_``.
final class Zip2<E1, E2, Result>: Producer<Result> {
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
        let call = TraceCall.enter("Zip2.run", on: self); defer { call.exit() }
        let sink = ZipSink2_(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
