// Mirrors RxSwift's RxSwift/Observables/Filter.swift.

extension ObservableType {
    /// Forwards only the elements for which `predicate` returns `true`; an error it throws
    /// ends the sequence with that error.
    @inlinable @inline(__always) public func filter(_ predicate: @escaping (Element) throws -> Bool) -> Observable<Element> {
        let call = TraceCall.enter("filter"); defer { call.exit() }
        return Filter(source: asObservable(), predicate: predicate).assembled(by: "filter")
    }
}

// MARK: - Sink

/// One subscription's state for `filter`: tests each element and forwards those that pass;
/// created by `Filter.run`, released when the subscription is disposed or terminates.
@usableFromInline final class FilterSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    @usableFromInline typealias Element = Observer.Element
    @usableFromInline typealias Predicate = (Element) throws -> Bool
    @usableFromInline typealias Parent = Filter<Element>

    @usableFromInline let predicate: Predicate

    @inlinable init(predicate: @escaping Predicate, observer: Observer, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    @inlinable func on(_ event: Event<Element>) {
        let call = TraceCall.enter("FilterSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            do {
                if try predicate(element) {
                    forwardOn(.next(element))
                }
            } catch {
                forwardOn(.error(error))
                dispose()
            }
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `filter` returns: its source and predicate. Each subscription gets a
/// ``FilterSink``.
@usableFromInline final class Filter<Element>: Producer<Element> {
    @usableFromInline typealias Predicate = (Element) throws -> Bool

    @usableFromInline let source: Observable<Element>
    @usableFromInline let predicate: Predicate

    @inlinable init(source: Observable<Element>, predicate: @escaping Predicate) {
        self.source = source
        self.predicate = predicate
        super.init()
    }

    @inlinable @inline(__always) override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Filter.run", on: self); defer { call.exit() }
        let sink = FilterSink(predicate: predicate, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}

// Performance: `filter`, `FilterSink` and `Filter` are @inlinable/@usableFromInline, `filter` and
// `run` always inlined, so a client can specialize the sink for its element type (rows W1s, W1r,
// W2); see Documentation/Performance.md.
