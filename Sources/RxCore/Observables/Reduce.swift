// Mirrors RxSwift's RxSwift/Observables/Reduce.swift.

extension ObservableType {
    /// Folds every element into an accumulator with `accumulator`, starting from `seed`, and
    /// when this sequence completes sends `mapResult` of the final accumulator, then completes.
    ///
    /// An error either closure throws ends the sequence with that error. For every
    /// intermediate value, see `scan`.
    ///
    /// - Parameters:
    ///   - seed: The accumulator's first value; each subscription starts from it anew.
    ///   - accumulator: Returns the next accumulator value from the current one and an element.
    ///   - mapResult: Turns the final accumulator into the one element sent.
    /// - Returns: A sequence of one element, sent at completion.
    public func reduce<A, Result>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A,
        mapResult: @escaping (A) throws -> Result
    ) -> Observable<Result> {
        let call = TraceCall.enter("reduce"); defer { call.exit() }
        return Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: mapResult)
            .assembled(by: "reduce")
    }

    /// Folds every element into an accumulator with `accumulator`, starting from `seed`, and
    /// when this sequence completes sends the final accumulator, then completes.
    ///
    /// An error `accumulator` throws ends the sequence with that error. For every
    /// intermediate value, see `scan`.
    ///
    /// - Parameters:
    ///   - seed: The accumulator's first value; each subscription starts from it anew.
    ///   - accumulator: Returns the next accumulator value from the current one and an element.
    /// - Returns: A sequence of one element, sent at completion.
    public func reduce<A>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A
    ) -> Observable<A> {
        let call = TraceCall.enter("reduce"); defer { call.exit() }
        return Reduce(source: asObservable(), seed: seed, accumulator: accumulator, mapResult: { $0 })
            .assembled(by: "reduce")
    }
}

// MARK: - Sink

/// One subscription's state for `reduce`: the accumulator, folded on each element and mapped
/// and sent at completion; created by `Reduce.run`, released when the subscription is
/// disposed or terminates.
final class ReduceSink<SourceType, AccumulateType, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = SourceType
    typealias ResultType = Observer.Element
    typealias Parent = Reduce<SourceType, AccumulateType, ResultType>

    private let parent: Parent
    /// The accumulator so far. Only the source's serial events touch it.
    private var accumulation: AccumulateType

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        self.accumulation = parent.seed
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<SourceType>) {
        let call = TraceCall.enter("ReduceSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            do {
                accumulation = try parent.accumulator(accumulation, element)
            } catch {
                forwardOn(.error(error))
                dispose()
            }
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            do {
                let result = try parent.mapResult(accumulation)
                forwardOn(.next(result))
                forwardOn(.completed)
                dispose()
            } catch {
                forwardOn(.error(error))
                dispose()
            }
        }
    }
}

// MARK: - Producer

/// The observable both `reduce` forms return: its source, seed, accumulator and result
/// mapping (the identity for the short form). Each subscription gets a ``ReduceSink``.
final class Reduce<SourceType, AccumulateType, ResultType>: Producer<ResultType> {
    typealias AccumulatorType = (AccumulateType, SourceType) throws -> AccumulateType
    typealias ResultSelectorType = (AccumulateType) throws -> ResultType

    private let source: Observable<SourceType>
    fileprivate let seed: AccumulateType
    fileprivate let accumulator: AccumulatorType
    fileprivate let mapResult: ResultSelectorType

    init(
        source: Observable<SourceType>,
        seed: AccumulateType,
        accumulator: @escaping AccumulatorType,
        mapResult: @escaping ResultSelectorType
    ) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        self.mapResult = mapResult
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == ResultType {
        let call = TraceCall.enter("Reduce.run", on: self); defer { call.exit() }
        let sink = ReduceSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
