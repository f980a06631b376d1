// Mirrors RxSwift's RxSwift/Observables/SkipWhile.swift.

extension ObservableType {
    /// This sequence without its leading elements that satisfy `predicate`: from the first
    /// element that does not, every element passes and `predicate` is no longer called.
    ///
    /// An error `predicate` throws ends the result with that error.
    public func skip(
        while predicate: @escaping (Element) throws -> Bool
    ) -> Observable<Element> {
        let call = TraceCall.enter("skip"); defer { call.exit() }
        return SkipWhile(source: asObservable(), predicate: predicate).assembled(by: "skip")
    }
}

// MARK: - Sink

/// One subscription's state for `skip(while:)`: drops elements while the predicate holds,
/// then forwards everything; created by `SkipWhile.run`, released when the subscription is
/// disposed or terminates.
final class SkipWhileSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = SkipWhile<Element>

    private let parent: Parent
    /// Whether elements pass now. Only the source's serial events touch it.
    private var running = false

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("SkipWhileSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            if !running {
                do {
                    running = try !parent.predicate(element)
                } catch {
                    forwardOn(.error(error))
                    dispose()
                    return
                }
            }
            if running {
                forwardOn(event)
            }
        case .error, .completed:
            forwardOn(event)
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `skip(while:)` returns: its source and predicate. Each subscription gets a
/// ``SkipWhileSink``.
final class SkipWhile<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    fileprivate let predicate: Predicate

    init(source: Observable<Element>, predicate: @escaping Predicate) {
        self.source = source
        self.predicate = predicate
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("SkipWhile.run", on: self); defer { call.exit() }
        let sink = SkipWhileSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
