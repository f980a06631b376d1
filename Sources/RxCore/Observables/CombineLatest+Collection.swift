// Mirrors RxSwift's RxSwift/Observables/CombineLatest+Collection.swift.

extension ObservableType {
    /// Combines the latest elements of every sequence in `collection` with `resultSelector`,
    /// each time any of them sends, once every one has sent an element.
    ///
    /// `resultSelector` gets the latest elements in the collection's order. An error from a
    /// source or from `resultSelector` ends the result. It completes when every source
    /// completed, or when a source sends while every other one is done; an empty collection
    /// sends `resultSelector([])` and completes at once.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection,
        resultSelector: @escaping ([Collection.Element.Element]) throws -> Element
    ) -> Observable<Element> where Collection.Element: ObservableType {
        let call = TraceCall.enter("combineLatest"); defer { call.exit() }
        return CombineLatestCollectionType(sources: collection, resultSelector: resultSelector)
            .assembled(by: "combineLatest")
    }

    /// Combines the latest elements of every sequence in `collection` into an array, in the
    /// collection's order, each time any of them sends, once every one has sent an element.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Observable<[Element]> where Collection.Element: ObservableType, Collection.Element.Element == Element {
        let call = TraceCall.enter("combineLatest"); defer { call.exit() }
        return CombineLatestCollectionType(sources: collection, resultSelector: { $0 })
            .assembled(by: "combineLatest")
    }
}

// MARK: - Sink

/// One subscription's state for `combineLatest` of a collection: the latest element of every
/// source, which sources completed, and their subscriptions; created by
/// `CombineLatestCollectionType.run`, released when the subscription is disposed or terminates.
///
/// Each source's events reach ``on(_:atIndex:)`` through an `AnyObserver` that names the
/// source's index, as in RxSwift. `lock` serializes all sources, and results are forwarded
/// while holding it.
final class CombineLatestCollectionTypeSink<Collection: Swift.Collection, Observer: ObserverType>: Sink<Observer>
where Collection.Element: ObservableConvertibleType {
    typealias Result = Observer.Element
    typealias Parent = CombineLatestCollectionType<Collection, Result>
    typealias SourceElement = Collection.Element.Element

    private let parent: Parent
    private let lock = RecursiveLock()

    /// How many sources have sent at least one element. Guarded by `lock`.
    private var numberOfValues = 0
    /// The latest element of each source, `nil` until it sends. Guarded by `lock`.
    private var values: [SourceElement?]
    /// Whether each source completed. Guarded by `lock`.
    private var isDone: [Bool]
    /// How many sources completed. Guarded by `lock`.
    private var numberOfDone = 0
    /// The subscription to each source.
    private let subscriptions: [SingleAssignmentDisposable]

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        self.values = Array(repeating: nil, count: parent.count)
        self.isDone = Array(repeating: false, count: parent.count)
        self.subscriptions = (0..<parent.count).map { _ in SingleAssignmentDisposable() }
        super.init(observer: observer, cancel: cancel)
    }

    /// Handles `event` from the source at `index`.
    func on(_ event: Event<SourceElement>, atIndex index: Int) {
        let call = TraceCall.enter("CombineLatestCollectionTypeSink.on", on: self, event: event)
        defer { call.exit() }
        lock.performLocked { synchronized_on(event, atIndex: index) }
    }

    /// Stores or reports `event` from the source at `index`. Caller holds `lock`.
    private func synchronized_on(_ event: Event<SourceElement>, atIndex index: Int) {
        switch event {
        case .next(let element):
            if values[index] == nil {
                numberOfValues += 1
            }
            values[index] = element

            if numberOfValues < parent.count {
                let numberOfOthersThatAreDone = numberOfDone - (isDone[index] ? 1 : 0)
                if numberOfOthersThatAreDone == parent.count - 1 {
                    forwardOn(.completed)
                    dispose()
                }
                return
            }

            do {
                let result = try parent.resultSelector(values.map { $0! })
                forwardOn(.next(result))
            } catch {
                forwardOn(.error(error))
                dispose()
            }
        case .error(let error):
            forwardOn(.error(error))
            dispose()
        case .completed:
            if isDone[index] {
                return
            }
            isDone[index] = true
            numberOfDone += 1

            if numberOfDone == parent.count {
                forwardOn(.completed)
                dispose()
            } else {
                subscriptions[index].dispose()
            }
        }
    }

    /// Subscribes to every source in order; returns the disposable that ends all the
    /// subscriptions.
    func run() -> Disposable {
        let call = TraceCall.enter("CombineLatestCollectionTypeSink.run", on: self); defer { call.exit() }
        for (index, source) in parent.sources.enumerated() {
            let subscription = source.asObservable().subscribeSafe(
                AnyObserver { event in self.on(event, atIndex: index) }
            )
            subscriptions[index].setDisposable(subscription)
        }

        if parent.sources.isEmpty {
            // Nothing to wait for: the combination of no elements, then completion.
            do {
                forwardOn(.next(try parent.resultSelector([])))
                forwardOn(.completed)
            } catch {
                forwardOn(.error(error))
            }
            dispose()
        }

        return Disposables.create(subscriptions)
    }
}

// MARK: - Producer

/// The observable `combineLatest` of a collection returns: the sources, their count and the
/// result selector. Each subscription gets a ``CombineLatestCollectionTypeSink``.
final class CombineLatestCollectionType<Collection: Swift.Collection, Result>: Producer<Result>
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
        let call = TraceCall.enter("CombineLatestCollectionType.run", on: self); defer { call.exit() }
        let sink = CombineLatestCollectionTypeSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
