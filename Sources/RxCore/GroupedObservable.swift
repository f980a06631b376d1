// Mirrors RxSwift's RxSwift/GroupedObservable.swift.

/// The elements of a sequence that share one key: what `groupBy` sends, one per key.
///
/// Subscribing to it subscribes to its source; ``key`` says which group it is.
public struct GroupedObservable<Key, Element>: ObservableType {
    /// The key that every element of this group shares.
    public let key: Key

    private let source: Observable<Element>

    /// A group with `key` whose elements come from `source`.
    public init(key: Key, source: Observable<Element>) {
        self.key = key
        self.source = source
    }

    /// Subscribes `observer` to the group's elements.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        let call = TraceCall.enter("GroupedObservable.subscribe", on: source); defer { call.exit() }
        return source.subscribe(observer)
    }

    /// The group's elements as a plain ``Observable``.
    public func asObservable() -> Observable<Element> {
        source
    }
}
