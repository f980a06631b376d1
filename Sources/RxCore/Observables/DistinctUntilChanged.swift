// Mirrors RxSwift's RxSwift/Observables/DistinctUntilChanged.swift.

extension ObservableType where Element: Equatable {
    /// The elements that differ from the element forwarded just before them (by `==`).
    public func distinctUntilChanged() -> Observable<Element> {
        let call = TraceCall.enter("distinctUntilChanged"); defer { call.exit() }
        return DistinctUntilChanged(source: asObservable(), selector: { $0 }, comparer: { $0 == $1 })
            .assembled(by: "distinctUntilChanged")
    }
}

extension ObservableType {
    /// The elements whose key, computed by `keySelector`, differs from the key of the element
    /// forwarded just before them (by `==`).
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key
    ) -> Observable<Element> {
        let call = TraceCall.enter("distinctUntilChanged"); defer { call.exit() }
        return DistinctUntilChanged(source: asObservable(), selector: keySelector, comparer: { $0 == $1 })
            .assembled(by: "distinctUntilChanged")
    }

    /// The elements that `comparer` finds different from the element forwarded just before
    /// them.
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) throws -> Bool
    ) -> Observable<Element> {
        let call = TraceCall.enter("distinctUntilChanged"); defer { call.exit() }
        return DistinctUntilChanged(source: asObservable(), selector: { $0 }, comparer: comparer)
            .assembled(by: "distinctUntilChanged")
    }

    /// The elements whose key, computed by `keySelector`, `comparer` finds different from the
    /// key of the element forwarded just before them.
    ///
    /// An error either closure throws ends the result with that error.
    public func distinctUntilChanged<K>(
        _ keySelector: @escaping (Element) throws -> K,
        comparer: @escaping (K, K) throws -> Bool
    ) -> Observable<Element> {
        let call = TraceCall.enter("distinctUntilChanged"); defer { call.exit() }
        return DistinctUntilChanged(source: asObservable(), selector: keySelector, comparer: comparer)
            .assembled(by: "distinctUntilChanged")
    }

    /// The elements whose value at `keyPath` differs from that of the element forwarded just
    /// before them (by `==`).
    public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    ) -> Observable<Element> {
        let call = TraceCall.enter("distinctUntilChanged"); defer { call.exit() }
        let comparer: (Element, Element) -> Bool = { $0[keyPath: keyPath] == $1[keyPath: keyPath] }
        return DistinctUntilChanged(source: asObservable(), selector: { $0 }, comparer: comparer)
            .assembled(by: "distinctUntilChanged")
    }
}

// MARK: - Sink

/// One subscription's state for `distinctUntilChanged`: keeps the key of the last forwarded
/// element and forwards an element only when its key compares different; created by
/// `DistinctUntilChanged.run`, released when the subscription is disposed or terminates.
final class DistinctUntilChangedSink<Observer: ObserverType, Key>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias Parent = DistinctUntilChanged<Element, Key>

    private let parent: Parent
    /// The key of the last forwarded element. Only the source's serial events touch it.
    private var currentKey: Key?

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("DistinctUntilChangedSink.on", on: self, event: event); defer { call.exit() }
        switch event {
        case .next(let element):
            do {
                let key = try parent.selector(element)
                if let currentKey, try parent.comparer(currentKey, key) {
                    return
                }
                currentKey = key
                forwardOn(event)
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

/// The observable `distinctUntilChanged` returns: its source, key selector and comparer. Each
/// subscription gets a ``DistinctUntilChangedSink``.
final class DistinctUntilChanged<Element, Key>: Producer<Element> {
    typealias KeySelector = (Element) throws -> Key
    typealias EqualityComparer = (Key, Key) throws -> Bool

    private let source: Observable<Element>
    fileprivate let selector: KeySelector
    fileprivate let comparer: EqualityComparer

    init(source: Observable<Element>, selector: @escaping KeySelector, comparer: @escaping EqualityComparer) {
        self.source = source
        self.selector = selector
        self.comparer = comparer
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("DistinctUntilChanged.run", on: self); defer { call.exit() }
        let sink = DistinctUntilChangedSink(parent: self, observer: observer, cancel: cancel)
        let subscription = source.subscribeSafe(sink)
        return (sink: sink, subscription: subscription)
    }
}
