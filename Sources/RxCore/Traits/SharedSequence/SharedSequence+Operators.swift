// Mirrors RxCocoa's RxCocoa/Traits/SharedSequence/SharedSequence+Operators.swift.
// Deviation from RxSwift: Driver's `withUnretained`, which RxCocoa marks unavailable, is left
// out.

extension SharedSequenceConvertibleType {
    /// Transforms each element with `selector`.
    public func map<Result>(
        _ selector: @escaping (Element) -> Result
    ) -> SharedSequence<SharingStrategy, Result> {
        let call = TraceCall.enter("SharedSequence.map"); defer { call.exit() }
        return SharedSequence(asObservable().map(selector))
    }

    /// Transforms each element with `selector` and sends the results that are not `nil`.
    public func compactMap<Result>(
        _ selector: @escaping (Element) -> Result?
    ) -> SharedSequence<SharingStrategy, Result> {
        let call = TraceCall.enter("SharedSequence.compactMap"); defer { call.exit() }
        return SharedSequence(asObservable().compactMap(selector))
    }

    /// Sends the elements for which `predicate` is true.
    public func filter(
        _ predicate: @escaping (Element) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.filter"); defer { call.exit() }
        return SharedSequence(asObservable().filter(predicate))
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Sends the elements of the latest inner sequence, unsubscribing from the previous one
    /// when a new one arrives.
    public func switchLatest() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        let call = TraceCall.enter("SharedSequence.switchLatest"); defer { call.exit() }
        let source: Observable<Element.Element> = asObservable()
            .map({ $0.asSharedSequence() })
            .switchLatest()
        return SharedSequence(source)
    }
}

extension SharedSequenceConvertibleType {
    /// Maps each element to a shared sequence and sends the elements of the latest one,
    /// unsubscribing from the previous one.
    public func flatMapLatest<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        let call = TraceCall.enter("SharedSequence.flatMapLatest"); defer { call.exit() }
        return SharedSequence(asObservable().flatMapLatest(selector))
    }

    /// Maps each element to a shared sequence and sends its elements, ignoring elements that
    /// arrive while the current inner sequence is still running.
    public func flatMapFirst<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        let call = TraceCall.enter("SharedSequence.flatMapFirst"); defer { call.exit() }
        return SharedSequence(asObservable().flatMapFirst(selector))
    }

    /// Runs the given side effects around the sequence's events and subscription, and passes
    /// the events on unchanged.
    public func `do`(
        onNext: ((Element) -> Void)? = nil,
        afterNext: ((Element) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil,
        afterCompleted: (() -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.do"); defer { call.exit() }
        let source = asObservable().do(
            onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
            onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose
        )
        return SharedSequence(source)
    }

    /// Prints every event, subscription and disposal, marked with `identifier`.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.debug"); defer { call.exit() }
        let source = asObservable()
            .debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function)
        return SharedSequence(source)
    }
}

extension SharedSequenceConvertibleType where Element: Equatable {
    /// Drops each element equal to the one before it.
    public func distinctUntilChanged() -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.distinctUntilChanged"); defer { call.exit() }
        let source = asObservable().distinctUntilChanged({ $0 }, comparer: { $0 == $1 })
        return SharedSequence(source)
    }
}

extension SharedSequenceConvertibleType {
    /// Drops each element whose key, from `keySelector`, equals the previous element's.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) -> Key
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.distinctUntilChanged"); defer { call.exit() }
        let source = asObservable().distinctUntilChanged(keySelector, comparer: { $0 == $1 })
        return SharedSequence(source)
    }

    /// Drops each element that `comparer` finds equal to the previous one.
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.distinctUntilChanged"); defer { call.exit() }
        return SharedSequence(asObservable().distinctUntilChanged({ $0 }, comparer: comparer))
    }

    /// Drops each element whose key `comparer` finds equal to the previous element's.
    public func distinctUntilChanged<K>(
        _ keySelector: @escaping (Element) -> K,
        comparer: @escaping (K, K) -> Bool
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.distinctUntilChanged"); defer { call.exit() }
        let source = asObservable().distinctUntilChanged(keySelector, comparer: comparer)
        return SharedSequence(source)
    }

    /// Maps each element to a shared sequence and merges the elements of all of them.
    public func flatMap<Sharing, Result>(
        _ selector: @escaping (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        let call = TraceCall.enter("SharedSequence.flatMap"); defer { call.exit() }
        return SharedSequence(asObservable().flatMap(selector))
    }

    /// Merges the elements of every sequence in `sources`.
    public static func merge<Collection: Swift.Collection>(
        _ sources: Collection
    ) -> SharedSequence<SharingStrategy, Element> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.merge"); defer { call.exit() }
        return SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Merges the elements of every sequence in `sources`.
    public static func merge(
        _ sources: [SharedSequence<SharingStrategy, Element>]
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.merge"); defer { call.exit() }
        return SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// Merges the elements of every sequence in `sources`.
    public static func merge(
        _ sources: SharedSequence<SharingStrategy, Element>...
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.merge"); defer { call.exit() }
        return SharedSequence(Observable.merge(sources.map { $0.asObservable() }))
    }
}

extension SharedSequenceConvertibleType where Element: SharedSequenceConvertibleType {
    /// Merges the elements of every inner sequence.
    public func merge() -> SharedSequence<Element.SharingStrategy, Element.Element> {
        let call = TraceCall.enter("SharedSequence.merge"); defer { call.exit() }
        let source = asObservable()
            .map({ $0.asSharedSequence() })
            .merge()
        return SharedSequence(source)
    }

    /// Merges the elements of the inner sequences, subscribed to at most `maxConcurrent` at a
    /// time.
    public func merge(
        maxConcurrent: Int
    ) -> SharedSequence<Element.SharingStrategy, Element.Element> {
        let call = TraceCall.enter("SharedSequence.merge"); defer { call.exit() }
        let source = asObservable()
            .map({ $0.asSharedSequence() })
            .merge(maxConcurrent: maxConcurrent)
        return SharedSequence(source)
    }
}

extension SharedSequenceConvertibleType {
    /// Sends the first element of each `dueTime` window (and, when `latest`, the last one at
    /// its end), timed on the strategy's scheduler.
    public func throttle(
        _ dueTime: RxTimeInterval, latest: Bool = true
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.throttle"); defer { call.exit() }
        let source = asObservable()
            .throttle(dueTime, latest: latest, scheduler: SharingStrategy.scheduler)
        return SharedSequence(source)
    }

    /// Sends an element once `dueTime` passed without another one, timed on the strategy's
    /// scheduler.
    public func debounce(
        _ dueTime: RxTimeInterval
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.debounce"); defer { call.exit() }
        let source = asObservable().debounce(dueTime, scheduler: SharingStrategy.scheduler)
        return SharedSequence(source)
    }

    /// Sends each intermediate result of folding the elements into `seed` with `accumulator`.
    public func scan<A>(
        _ seed: A, accumulator: @escaping (A, Element) -> A
    ) -> SharedSequence<SharingStrategy, A> {
        let call = TraceCall.enter("SharedSequence.scan"); defer { call.exit() }
        return SharedSequence(asObservable().scan(seed, accumulator: accumulator))
    }
}

extension SharedSequence {
    /// The elements of each sequence in `sequence`, one sequence after the other.
    public static func concat<Sequence: Swift.Sequence>(
        _ sequence: Sequence
    ) -> SharedSequence<SharingStrategy, Element> where Sequence.Element == SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.concat"); defer { call.exit() }
        return SharedSequence(Observable.concat(sequence.lazy.map { $0.asObservable() }))
    }

    /// The elements of each sequence in `collection`, one sequence after the other.
    public static func concat<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, Element> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.concat"); defer { call.exit() }
        return SharedSequence(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// Combines the sequences' elements index by index with `resultSelector`.
    public static func zip<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.zip"); defer { call.exit() }
        let sources = collection.map { $0.asSharedSequence().asObservable() }
        return SharedSequence<SharingStrategy, Result>(
            Observable<Result>.zip(sources, resultSelector: resultSelector)
        )
    }

    /// Combines the sequences' elements index by index into arrays.
    public static func zip<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.zip"); defer { call.exit() }
        let sources = collection.map { $0.asSharedSequence().asObservable() }
        return SharedSequence<SharingStrategy, [Element]>(Observable<Element>.zip(sources))
    }

    /// Combines the latest elements of the sequences with `resultSelector` whenever any of
    /// them sends, once all have sent.
    public static func combineLatest<Collection: Swift.Collection, Result>(
        _ collection: Collection,
        resultSelector: @escaping ([Element]) throws -> Result
    ) -> SharedSequence<SharingStrategy, Result> where Collection.Element == SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.combineLatest"); defer { call.exit() }
        let sources = collection.map { $0.asObservable() }
        return SharedSequence<SharingStrategy, Result>(
            Observable<Result>.combineLatest(sources, resultSelector: resultSelector)
        )
    }

    /// Combines the latest elements of the sequences into arrays whenever any of them sends,
    /// once all have sent.
    public static func combineLatest<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> SharedSequence<SharingStrategy, [Element]>
    where Collection.Element == SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.combineLatest"); defer { call.exit() }
        let sources = collection.map { $0.asObservable() }
        return SharedSequence<SharingStrategy, [Element]>(
            Observable<Element>.combineLatest(sources)
        )
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Pairs each element with `obj`, held weakly, through `resultSelector`; completes once
    /// `obj` is gone.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> SharedSequence<SharingStrategy, Out> {
        let call = TraceCall.enter("SharedSequence.withUnretained"); defer { call.exit() }
        let source = asObservable()
            .withUnretained(obj, resultSelector: resultSelector)
        return SharedSequence(source)
    }

    /// Pairs each element with `obj`, held weakly; completes once `obj` is gone.
    public func withUnretained<Object: AnyObject>(
        _ obj: Object
    ) -> SharedSequence<SharingStrategy, (Object, Element)> {
        withUnretained(obj, resultSelector: { ($0, $1) })
    }
}

extension SharedSequenceConvertibleType {
    /// Combines each element with the latest element of `second` through `resultSelector`;
    /// elements before `second` sent one are dropped.
    public func withLatestFrom<SecondO: SharedSequenceConvertibleType, ResultType>(
        _ second: SecondO,
        resultSelector: @escaping (Element, SecondO.Element) -> ResultType
    ) -> SharedSequence<SharingStrategy, ResultType> where SecondO.SharingStrategy == SharingStrategy {
        let call = TraceCall.enter("SharedSequence.withLatestFrom"); defer { call.exit() }
        let source = asObservable()
            .withLatestFrom(second.asSharedSequence(), resultSelector: resultSelector)
        return SharedSequence(source)
    }

    /// Sends the latest element of `second` for each element; elements before `second` sent
    /// one are dropped.
    public func withLatestFrom<SecondO: SharedSequenceConvertibleType>(
        _ second: SecondO
    ) -> SharedSequence<SharingStrategy, SecondO.Element> {
        let call = TraceCall.enter("SharedSequence.withLatestFrom"); defer { call.exit() }
        return SharedSequence(asObservable().withLatestFrom(second.asSharedSequence()))
    }

    /// Drops the first `count` elements.
    public func skip(
        _ count: Int
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.skip"); defer { call.exit() }
        return SharedSequence(asObservable().skip(count))
    }

    /// Sends `element` first, then the sequence's elements.
    public func startWith(
        _ element: Element
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.startWith"); defer { call.exit() }
        return SharedSequence(asObservable().startWith(element))
    }

    /// Sends each event `dueTime` later, timed on the strategy's scheduler.
    public func delay(
        _ dueTime: RxTimeInterval
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.delay"); defer { call.exit() }
        let source = asObservable().delay(dueTime, scheduler: SharingStrategy.scheduler)
        return SharedSequence(source)
    }
}
