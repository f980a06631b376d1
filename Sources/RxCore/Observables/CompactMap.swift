// Mirrors RxSwift's RxSwift/Observables/CompactMap.swift.

extension ObservableType {
    /// Transforms each element with `transform` and forwards the results that are not `nil`;
    /// an error `transform` throws ends the sequence with that error.
    ///
    /// - Parameter transform: Returns an element to forward, or `nil` to drop this one.
    /// - Returns: The non-`nil` results of `transform`.
    public func compactMap<Result>(
        _ transform: @escaping (Element) throws -> Result?
    ) -> Observable<Result> {
        let call = TraceCall.enter("compactMap"); defer { call.exit() }
        return CompactMap(source: asObservable(), transform: transform).assembled(by: "compactMap")
    }
}

// MARK: - Sink

/// One subscription's state for `compactMap`: applies the transform to each element and
/// forwards the non-`nil` results; created by `CompactMap.run`, released when the
/// subscription is disposed or terminates.
final class CompactMapSink<SourceType, Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Transform = (SourceType) throws -> ResultType?
    typealias ResultType = Observer.Element
    typealias Element = SourceType

    private let transform: Transform

    init(transform: @escaping Transform, observer: Observer, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<SourceType>) {
        let call = TraceCall.enter("CompactMapSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            do {
                if let mapped = try transform(element) {
                    forwardOn(.next(mapped))
                }
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

/// The observable `compactMap` returns: its source and transform. Each subscription gets a
/// ``CompactMapSink``.
final class CompactMap<SourceType, ResultType>: Producer<ResultType> {
    typealias Transform = (SourceType) throws -> ResultType?

    private let source: Observable<SourceType>
    private let transform: Transform

    init(source: Observable<SourceType>, transform: @escaping Transform) {
        self.source = source
        self.transform = transform
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == ResultType {
        let call = TraceCall.enter("CompactMap.run", on: self); defer { call.exit() }
        let sink = CompactMapSink(transform: transform, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
