// Mirrors RxSwift's RxSwift/Observables/Map.swift.

extension ObservableType {
    /// Transforms each element with `transform`; an error it throws ends the sequence with
    /// that error.
    @inlinable @inline(__always) public func map<Result>(_ transform: @escaping (Element) throws -> Result) -> Observable<Result> {
        let call = TraceCall.enter("map"); defer { call.exit() }
        return Map(source: asObservable(), transform: transform).assembled(by: "map")
    }
}

// MARK: - Sink

/// One subscription's state for `map`: applies the transform to each element and forwards the
/// result; created by `Map.run`, released when the subscription is disposed or terminates.
@usableFromInline final class MapSink<SourceType, Observer: ObserverType>: Sink<Observer>, ObserverType {
    @usableFromInline typealias Transform = (SourceType) throws -> Observer.Element
    @usableFromInline typealias Element = SourceType

    @usableFromInline let transform: Transform

    @inlinable init(transform: @escaping Transform, observer: Observer, cancel: Cancelable) {
        self.transform = transform
        super.init(observer: observer, cancel: cancel)
    }

    @inlinable func on(_ event: Event<SourceType>) {
        let call = TraceCall.enter("MapSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            do {
                let mapped = try transform(element)
                forwardOn(.next(mapped))
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

/// The observable `map` returns: its source and transform. Each subscription gets a ``MapSink``.
@usableFromInline final class Map<SourceType, ResultType>: Producer<ResultType> {
    @usableFromInline typealias Transform = (SourceType) throws -> ResultType

    @usableFromInline let source: Observable<SourceType>
    @usableFromInline let transform: Transform

    @inlinable init(source: Observable<SourceType>, transform: @escaping Transform) {
        self.source = source
        self.transform = transform
        super.init()
    }

    @inlinable @inline(__always) override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == ResultType {
        let call = TraceCall.enter("Map.run", on: self); defer { call.exit() }
        let sink = MapSink(transform: transform, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}

// Performance: `map`, `MapSink` and `Map` are @inlinable/@usableFromInline, `map` and `run` always
// inlined, so a client can specialize the sink for its element type (rows W1s, W1r, W2); see
// Documentation/Performance.md.
