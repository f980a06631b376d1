// Mirrors RxSwift's RxSwift/Observables/Zip+Collection.swift.
// Deviation from RxSwift: the sink decides under its lock and disposes its subscriptions (all
// of them when it ends, or a completed source's) after unlocking, as on RxSwift's main branch
// after 6.10.2 (6.10.2: under the lock).

extension ObservableType {
    /// Combines the elements of every sequence in `collection` by index with `resultSelector`:
    /// the first of each, then the second of each, and so on.
    ///
    /// `resultSelector` gets the elements in the collection's order. An error from a source or
    /// from `resultSelector` ends the result. It completes when every source completed, or
    /// when a source sends while every other one is done and one of those has nothing left
    /// to combine; an empty collection completes at once.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let call = TraceCall.enter("zip"); defer { call.exit() }
        return ZipCollectionType(sources: collection, resultSelector: resultSelector)
            .assembled(by: "zip")
    }

    /// Combines the elements of every sequence in `collection` by index into arrays, in the
    /// collection's order: the first of each, then the second of each, and so on.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        let call = TraceCall.enter("zip"); defer { call.exit() }
        return ZipCollectionType(sources: collection, resultSelector: { $0 })
            .assembled(by: "zip")
    }
}

// MARK: - Sink

/// One subscription's state for `zip` of a collection: a queue of not-yet-combined elements
/// per source, which sources completed, and their subscriptions; created by
/// `ZipCollectionType.run`, released when the subscription is disposed or terminates.
///
/// Each source's events reach ``on(_:atIndex:)`` through an `AnyObserver` that names the
/// source's index, as in RxSwift. `lock` serializes all sources, and results are forwarded
/// while holding it; subscriptions are disposed after unlocking.
final class ZipCollectionTypeSink<Collection: Swift.Collection, Observer: ObserverType>: Sink<Observer>
where Collection.Element: ObservableConvertibleType {
    typealias Result = Observer.Element
    typealias Parent = ZipCollectionType<Collection, Result>
    typealias SourceElement = Collection.Element.Element

    private let parent: Parent
    private let lock = RecursiveLock()

    /// How many sources have a queued element. Guarded by `lock`.
    private var numberOfValues = 0
    /// Each source's elements not yet combined, oldest first. Guarded by `lock`.
    private var values: [Queue<SourceElement>]
    /// Whether each source completed. Guarded by `lock`.
    private var isDone: [Bool]
    /// How many sources completed. Guarded by `lock`.
    private var numberOfDone = 0
    /// The subscription to each source.
    private let subscriptions: [SingleAssignmentDisposable]

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        self.values = Array(repeating: Queue(capacity: 4), count: parent.count)
        self.isDone = Array(repeating: false, count: parent.count)
        self.subscriptions = (0..<parent.count).map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer, cancel: cancel)
    }

    /// Handles `event` from the source at `index`, then, after unlocking, disposes what it
    /// ended.
    func on(_ event: Event<SourceElement>, atIndex index: Int) {
        let call = TraceCall.enter("ZipCollectionTypeSink.on", on: self, event: event); defer { call.exit() }
        let ended = lock.performLocked { synchronized_on(event, atIndex: index) }
        ended?.dispose()
    }

    /// Queues or reports `event` from the source at `index`; returns what it ended, for the
    /// caller to dispose after unlocking: this sink (marked disposed already, so it forwards
    /// nothing more) or a completed source's subscription. Caller holds `lock`.
    private func synchronized_on(_ event: Event<SourceElement>, atIndex index: Int) -> Disposable? {
        switch event {
        case .next(let element):
            values[index].enqueue(element)
            if values[index].count == 1 {
                numberOfValues += 1
            }

            if numberOfValues < parent.count {
                if numberOfDone == parent.count - 1 {
                    return synchronized_end(with: .completed)
                }
                return nil
            }

            do {
                var arguments: [SourceElement] = []
                arguments.reserveCapacity(parent.count)
                numberOfValues = 0
                for queueIndex in values.indices {
                    guard let oldest = values[queueIndex].dequeue() else {
                        rxFatalError("every queue holds an element when all sources have one")
                    }
                    arguments.append(oldest)
                    if !values[queueIndex].isEmpty {
                        numberOfValues += 1
                    }
                }
                let result = try parent.resultSelector(arguments)
                forwardOn(.next(result))
                return nil
            } catch {
                return synchronized_end(with: .error(error))
            }
        case .error(let error):
            return synchronized_end(with: .error(error))
        case .completed:
            if isDone[index] {
                return nil
            }
            isDone[index] = true
            numberOfDone += 1

            if numberOfDone == parent.count {
                return synchronized_end(with: .completed)
            }
            return subscriptions[index]
        }
    }

    /// Forwards the stop event `event` and marks this sink disposed; returns this sink, for
    /// the caller to dispose after unlocking. Caller holds `lock`.
    private func synchronized_end(with event: Event<Result>) -> Disposable {
        forwardOn(event)
        markDisposed()
        return self
    }

    /// Subscribes to every source in order; returns the disposable that ends all the
    /// subscriptions.
    func run() -> Disposable {
        let call = TraceCall.enter("ZipCollectionTypeSink.run", on: self); defer { call.exit() }
        for (index, source) in parent.sources.enumerated() {
            let subscription = source.asObservable().subscribeSafe(
                AnyObserver { event in self.on(event, atIndex: index) }
            )
            subscriptions[index].setDisposable(subscription)
        }

        if parent.sources.isEmpty {
            forwardOn(.completed)
        }

        return Disposables.create(subscriptions)
    }
}

// MARK: - Producer

/// The observable `zip` of a collection returns: the sources, their count and the result
/// selector. Each subscription gets a ``ZipCollectionTypeSink``.
final class ZipCollectionType<Collection: Swift.Collection, Result>: Producer<Result>
where Collection.Element: ObservableConvertibleType {
    typealias ResultSelector = ([Collection.Element.Element]) throws -> Result

    let sources: Collection
    let resultSelector: ResultSelector
    let count: Int

    init(sources: Collection, resultSelector: @escaping ResultSelector) {
        self.sources = sources
        self.resultSelector = resultSelector
        self.count = sources.count
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Result {
        let call = TraceCall.enter("ZipCollectionType.run", on: self); defer { call.exit() }
        let sink = ZipCollectionTypeSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
