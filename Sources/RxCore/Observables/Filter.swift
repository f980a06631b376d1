// Mirrors RxSwift's RxSwift/Observables/Filter.swift.

extension ObservableType {
    /// Forwards only the elements for which `predicate` returns `true`; an error it throws
    /// ends the sequence with that error.
    public func filter(_ predicate: @escaping (Element) throws -> Bool, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        let call = TraceCall.enter("filter"); defer { call.exit() }
        return Filter(source: asObservable(), predicate: predicate).assembled(by: "filter", file: file, line: line)
    }
}

// MARK: - Sink

/// One subscription's state for `filter`: tests each element and forwards those that pass;
/// created by `Filter.run`, released when the subscription is disposed or terminates.
final class FilterSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Predicate = (Element) throws -> Bool
    typealias Parent = Filter<Element>

    private let predicate: Predicate

    init(predicate: @escaping Predicate, observer: Observer, cancel: Cancelable) {
        self.predicate = predicate
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
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
final class Filter<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    private let predicate: Predicate

    init(source: Observable<Element>, predicate: @escaping Predicate) {
        self.source = source
        self.predicate = predicate
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Filter.run", on: self); defer { call.exit() }
        let sink = FilterSink(predicate: predicate, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
