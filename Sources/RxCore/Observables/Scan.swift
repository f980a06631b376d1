// Mirrors RxSwift's RxSwift/Observables/Scan.swift.

extension ObservableType {
    /// Folds each element into an accumulator that `accumulator` mutates in place, starting from
    /// `seed`, and sends the accumulator after every element.
    ///
    /// An error `accumulator` throws ends the sequence with that error. For only the final
    /// value, see `reduce`.
    ///
    /// - Parameters:
    ///   - seed: The accumulator's first value; each subscription starts from it anew.
    ///   - accumulator: Folds one element into the accumulator.
    /// - Returns: The accumulator after each element.
    public func scan<A>(
        into seed: A,
        accumulator: @escaping (inout A, Element) throws -> Void
    ) -> Observable<A> {
        let call = TraceCall.enter("scan"); defer { call.exit() }
        return Scan(source: asObservable(), seed: seed, accumulator: accumulator).assembled(by: "scan")
    }

    /// Folds each element into an accumulator with `accumulator`, starting from `seed`, and
    /// sends each new accumulator value.
    ///
    /// An error `accumulator` throws ends the sequence with that error. For only the final
    /// value, see `reduce`.
    ///
    /// - Parameters:
    ///   - seed: The accumulator's first value; each subscription starts from it anew.
    ///   - accumulator: Returns the next accumulator value from the current one and an element.
    /// - Returns: The accumulator after each element.
    public func scan<A>(
        _ seed: A,
        accumulator: @escaping (A, Element) throws -> A
    ) -> Observable<A> {
        let call = TraceCall.enter("scan"); defer { call.exit() }
        let scan = Scan(source: asObservable(), seed: seed) { (accumulate: inout A, element: Element) in
            accumulate = try accumulator(accumulate, element)
        }
        return scan.assembled(by: "scan")
    }
}

// MARK: - Sink

/// One subscription's state for `scan`: the running accumulator, which it folds each element
/// into and forwards; created by `Scan.run`, released when the subscription is disposed or
/// terminates.
final class ScanSink<SourceElement, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = SourceElement
    typealias Accumulate = Observer.Element
    typealias Parent = Scan<SourceElement, Accumulate>

    private let parent: Parent
    /// The accumulator so far. Only the source's serial events touch it.
    private var accumulate: Accumulate

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        self.accumulate = parent.seed
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<SourceElement>) {
        let call = TraceCall.enter("ScanSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            do {
                try parent.accumulator(&accumulate, element)
                forwardOn(.next(accumulate))
            } catch {
                forwardOn(.error(error))
                dispose()
            }
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

/// The observable both `scan` forms return: its source, seed and in-place accumulator. Each
/// subscription gets a ``ScanSink``.
final class Scan<SourceElement, Accumulate>: Producer<Accumulate> {
    typealias Accumulator = (inout Accumulate, SourceElement) throws -> Void

    private let source: Observable<SourceElement>
    fileprivate let seed: Accumulate
    fileprivate let accumulator: Accumulator

    init(source: Observable<SourceElement>, seed: Accumulate, accumulator: @escaping Accumulator) {
        self.source = source
        self.seed = seed
        self.accumulator = accumulator
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Accumulate {
        let call = TraceCall.enter("Scan.run", on: self); defer { call.exit() }
        let sink = ScanSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
