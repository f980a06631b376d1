// Mirrors RxSwift's RxSwift/Observables/SingleAsync.swift.

extension ObservableType {
    /// The one element of this sequence, forwarded as it arrives, then completion.
    ///
    /// A second element ends the result with `RxError.moreThanOneElement`; completion without
    /// any element ends it with `RxError.noElements`.
    public func single() -> Observable<Element> {
        let call = TraceCall.enter("single"); defer { call.exit() }
        return SingleAsync(source: asObservable()).assembled(by: "single")
    }

    /// The one element of this sequence that satisfies `predicate`, forwarded as it arrives,
    /// then completion.
    ///
    /// A second such element ends the result with `RxError.moreThanOneElement`; completion
    /// without any ends it with `RxError.noElements`; an error `predicate` throws ends it with
    /// that error.
    public func single(
        _ predicate: @escaping (Element) throws -> Bool
    ) -> Observable<Element> {
        let call = TraceCall.enter("single"); defer { call.exit() }
        return SingleAsync(source: asObservable(), predicate: predicate).assembled(by: "single")
    }
}

// MARK: - Sink

/// One subscription's state for `single`: forwards the first matching element and fails on a
/// second one or on completion without one; created by `SingleAsync.run`, released when the
/// subscription is disposed or terminates.
final class SingleAsyncSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = SingleAsync<Element>

    private let parent: Parent
    /// Whether a matching element was forwarded. Only the source's serial events touch it.
    private var seenValue = false

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("SingleAsyncSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            do {
                let matches = try parent.predicate?(element) ?? true
                if !matches {
                    return
                }
            } catch {
                forwardOn(.error(error))
                dispose()
                return
            }
            if seenValue {
                forwardOn(.error(RxError.moreThanOneElement))
                dispose()
                return
            }
            seenValue = true
            forwardOn(event)
        case .error:
            forwardOn(event)
            dispose()
        case .completed:
            if seenValue {
                forwardOn(.completed)
            } else {
                forwardOn(.error(RxError.noElements))
            }
            dispose()
        }
    }
}

// MARK: - Producer

/// The observable `single` returns: its source and the optional predicate. Each subscription
/// gets a ``SingleAsyncSink``.
final class SingleAsync<Element>: Producer<Element> {
    typealias Predicate = (Element) throws -> Bool

    private let source: Observable<Element>
    fileprivate let predicate: Predicate?

    init(source: Observable<Element>, predicate: Predicate? = nil) {
        self.source = source
        self.predicate = predicate
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("SingleAsync.run", on: self); defer { call.exit() }
        let sink = SingleAsyncSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
