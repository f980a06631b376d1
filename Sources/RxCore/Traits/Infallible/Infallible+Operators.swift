// Mirrors RxSwift's RxSwift/Traits/Infallible/Infallible+Operators.swift.

// MARK: - Static allocation

extension InfallibleType {
    /// An infallible that sends `element`, then completes.
    public static func just(_ element: Element) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.just"); defer { call.exit() }
        return Infallible(.just(element))
    }

    /// An infallible that sends `element` on `scheduler`, then completes, each as its own
    /// step there.
    public static func just(
        _ element: Element, scheduler: ImmediateSchedulerType
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.just"); defer { call.exit() }
        return Infallible(.just(element, scheduler: scheduler))
    }

    /// An infallible that never sends anything.
    public static func never() -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.never"); defer { call.exit() }
        return Infallible(.never())
    }

    /// An infallible that completes at once.
    public static func empty() -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.empty"); defer { call.exit() }
        return Infallible(.empty())
    }

    /// An infallible that calls `observableFactory` for each subscriber and subscribes it to
    /// what the factory returns.
    public static func deferred(
        _ observableFactory: @escaping () throws -> Infallible<Element>
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.deferred"); defer { call.exit() }
        return Infallible(.deferred({ try observableFactory().asObservable() }))
    }
}

// MARK: - From and of

extension Infallible {
    /// An infallible that sends `elements` on `scheduler`, then completes.
    public static func of(
        _ elements: Element...,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.of"); defer { call.exit() }
        return Infallible(
            Observable.from(elements, scheduler: scheduler).assembled(by: "of")
        )
    }

    /// An infallible that sends the elements of `array` on `scheduler`, then completes.
    public static func from(
        _ array: [Element],
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.from"); defer { call.exit() }
        return Infallible(Observable.from(array, scheduler: scheduler))
    }

    /// An infallible that sends the elements of `sequence` on `scheduler`, then completes.
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence,
        scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance
    ) -> Infallible<Element> where Sequence.Element == Element {
        let call = TraceCall.enter("Infallible.from"); defer { call.exit() }
        return Infallible(Observable.from(sequence, scheduler: scheduler))
    }
}

// MARK: - Filter

extension InfallibleType {
    /// The elements `predicate` accepts.
    public func filter(
        _ predicate: @escaping (Element) -> Bool
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.filter"); defer { call.exit() }
        return Infallible(asObservable().filter(predicate))
    }
}

// MARK: - Map

extension InfallibleType {
    /// Each element transformed by `transform`.
    public func map<Result>(
        _ transform: @escaping (Element) -> Result
    ) -> Infallible<Result> {
        let call = TraceCall.enter("Infallible.map"); defer { call.exit() }
        return Infallible(asObservable().map(transform))
    }

    /// Each element transformed by `transform`, without the nils it returns.
    public func compactMap<Result>(
        _ transform: @escaping (Element) -> Result?
    ) -> Infallible<Result> {
        let call = TraceCall.enter("Infallible.compactMap"); defer { call.exit() }
        return Infallible(asObservable().compactMap(transform))
    }
}

// MARK: - Distinct

extension InfallibleType where Element: Equatable {
    /// The elements, without those equal to the one just before.
    public func distinctUntilChanged() -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.distinctUntilChanged"); defer { call.exit() }
        return Infallible(asObservable().distinctUntilChanged())
    }
}

extension InfallibleType {
    /// The elements, without those whose key equals the key of the one just before.
    public func distinctUntilChanged<Key: Equatable>(
        _ keySelector: @escaping (Element) throws -> Key
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.distinctUntilChanged"); defer { call.exit() }
        return Infallible(asObservable().distinctUntilChanged(keySelector, comparer: { $0 == $1 }))
    }

    /// The elements, without those `comparer` finds equal to the one just before.
    public func distinctUntilChanged(
        _ comparer: @escaping (Element, Element) throws -> Bool
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.distinctUntilChanged"); defer { call.exit() }
        return Infallible(asObservable().distinctUntilChanged({ $0 }, comparer: comparer))
    }

    /// The elements, without those whose key `comparer` finds equal to the key of the one
    /// just before.
    public func distinctUntilChanged<K>(
        _ keySelector: @escaping (Element) throws -> K,
        comparer: @escaping (K, K) throws -> Bool
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.distinctUntilChanged"); defer { call.exit() }
        return Infallible(asObservable().distinctUntilChanged(keySelector, comparer: comparer))
    }

    /// The elements, without those whose value at `keyPath` equals the one just before's.
    public func distinctUntilChanged<Property: Equatable>(
        at keyPath: KeyPath<Element, Property>
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.distinctUntilChanged"); defer { call.exit() }
        return Infallible(
            asObservable().distinctUntilChanged({ $0[keyPath: keyPath] == $1[keyPath: keyPath] })
        )
    }
}

// MARK: - Share

extension InfallibleType {
    /// Shares one subscription to this sequence among its subscribers, replaying the last
    /// `replay` elements to each new one; `scope` says whether the replay buffer outlives a
    /// disconnection. See `ObservableType.share(replay:scope:)`.
    public func share(
        replay: Int = 0,
        scope: SubjectLifetimeScope = .whileConnected
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.share"); defer { call.exit() }
        return Infallible(asObservable().share(replay: replay, scope: scope))
    }
}

// MARK: - Throttle

extension InfallibleType {
    /// Each element that no other follows within `dueTime`, sent `dueTime` after it.
    public func debounce(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.debounce"); defer { call.exit() }
        return Infallible(asObservable().debounce(dueTime, scheduler: scheduler))
    }

    /// At most one element per `dueTime`: the first of each window and, when `latest`, the
    /// last one of it at its end.
    public func throttle(
        _ dueTime: RxTimeInterval,
        latest: Bool = true,
        scheduler: SchedulerType
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.throttle"); defer { call.exit() }
        return Infallible(asObservable().throttle(dueTime, latest: latest, scheduler: scheduler))
    }
}

// MARK: - Timers

extension InfallibleType where Element: RxAbstractInteger {
    /// An infallible that sends `0`, `1`, `2`, … one `period` apart, timed on `scheduler`,
    /// starting `period` after the subscription; it never ends.
    public static func interval(
        _ period: RxTimeInterval, scheduler: SchedulerType
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.interval"); defer { call.exit() }
        return Infallible(Observable<Element>.interval(period, scheduler: scheduler))
    }

    /// An infallible that sends `0` `dueTime` after the subscription, timed on `scheduler`;
    /// then, with a `period`, `1`, `2`, … one `period` apart, and without one it completes.
    public static func timer(
        _ dueTime: RxTimeInterval,
        period: RxTimeInterval? = nil,
        scheduler: SchedulerType
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.timer"); defer { call.exit() }
        return Infallible(
            Observable<Element>.timer(dueTime, period: period, scheduler: scheduler)
        )
    }
}

// MARK: - Delay

extension InfallibleType {
    /// This infallible with each element and its completion sent `dueTime` later on
    /// `scheduler`.
    public func delay(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.delay"); defer { call.exit() }
        return Infallible(asObservable().delay(dueTime, scheduler: scheduler))
    }

    /// This infallible, subscribed `dueTime` after each subscriber subscribes, on `scheduler`.
    public func delaySubscription(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.delaySubscription"); defer { call.exit() }
        return Infallible(asObservable().delaySubscription(dueTime, scheduler: scheduler))
    }
}

// MARK: - FlatMap

extension InfallibleType {
    /// The events of the sequences `selector` makes from the elements, merged.
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        let call = TraceCall.enter("Infallible.flatMap"); defer { call.exit() }
        return Infallible(asObservable().flatMap(selector))
    }

    /// The events of the sequence `selector` made from the latest element; a new element
    /// disposes the sequence made from the one before.
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        let call = TraceCall.enter("Infallible.flatMapLatest"); defer { call.exit() }
        return Infallible(asObservable().flatMapLatest(selector))
    }

    /// The events of the sequences `selector` makes from the elements that arrive while no
    /// earlier such sequence runs; the others are dropped.
    public func flatMapFirst<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        let call = TraceCall.enter("Infallible.flatMapFirst"); defer { call.exit() }
        return Infallible(asObservable().flatMapFirst(selector))
    }
}

// MARK: - Concat

extension InfallibleType {
    /// This sequence's elements, then `second`'s once this one completed.
    public func concat<Source: ObservableConvertibleType>(
        _ second: Source
    ) -> Infallible<Element> where Source.Element == Element {
        let call = TraceCall.enter("Infallible.concat"); defer { call.exit() }
        return Infallible(Observable.concat([asObservable(), second.asObservable()]))
    }

    /// The infallibles of `sequence`, one after the other.
    public static func concat<Sequence: Swift.Sequence>(
        _ sequence: Sequence
    ) -> Infallible<Element> where Sequence.Element == Infallible<Element> {
        let call = TraceCall.enter("Infallible.concat"); defer { call.exit() }
        return Infallible(Observable.concat(sequence.map { $0.asObservable() }))
    }

    /// The infallibles of `collection`, one after the other.
    public static func concat<Collection: Swift.Collection>(
        _ collection: Collection
    ) -> Infallible<Element> where Collection.Element == Infallible<Element> {
        let call = TraceCall.enter("Infallible.concat"); defer { call.exit() }
        return Infallible(Observable.concat(collection.map { $0.asObservable() }))
    }

    /// The infallibles `sources`, one after the other.
    public static func concat(
        _ sources: Infallible<Element>...
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.concat"); defer { call.exit() }
        return Infallible(Observable.concat(sources.map { $0.asObservable() }))
    }

    /// The sequences `selector` makes from the elements, one after the other.
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) -> Source
    ) -> Infallible<Source.Element> {
        let call = TraceCall.enter("Infallible.concatMap"); defer { call.exit() }
        return Infallible(asObservable().concatMap(selector))
    }
}

// MARK: - Merge

extension InfallibleType {
    /// The infallibles of `sources`, one after the other.
    ///
    /// As in RxSwift 6, this collection form concatenates (one source at a time), unlike the
    /// array and variadic forms, which merge.
    public static func merge<Collection: Swift.Collection>(
        _ sources: Collection
    ) -> Infallible<Element> where Collection.Element == Infallible<Element> {
        let call = TraceCall.enter("Infallible.merge"); defer { call.exit() }
        return Infallible(
            Observable.concat(sources.map { $0.asObservable() })
                .assembled(by: "merge")
        )
    }

    /// The elements of every infallible of `sources`, all subscribed at once.
    public static func merge(
        _ sources: [Infallible<Element>]
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.merge"); defer { call.exit() }
        return Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }

    /// The elements of every infallible of `sources`, all subscribed at once.
    public static func merge(
        _ sources: Infallible<Element>...
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.merge"); defer { call.exit() }
        return Infallible(Observable.merge(sources.map { $0.asObservable() }))
    }
}

// MARK: - Do

extension Infallible {
    /// Calls the given closures on this sequence's events and subscription steps, and passes
    /// the events on unchanged.
    public func `do`(
        onNext: ((Element) throws -> Void)? = nil,
        afterNext: ((Element) throws -> Void)? = nil,
        onCompleted: (() throws -> Void)? = nil,
        afterCompleted: (() throws -> Void)? = nil,
        onSubscribe: (() -> Void)? = nil,
        onSubscribed: (() -> Void)? = nil,
        onDispose: (() -> Void)? = nil
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.do"); defer { call.exit() }
        return Infallible(
            asObservable().do(
                onNext: onNext,
                afterNext: afterNext,
                onCompleted: onCompleted,
                afterCompleted: afterCompleted,
                onSubscribe: onSubscribe,
                onSubscribed: onSubscribed,
                onDispose: onDispose
            )
        )
    }
}

// MARK: - Scan

extension InfallibleType {
    /// Each intermediate result of `accumulator` updating `seed` in place with the elements.
    public func scan<Seed>(
        into seed: Seed,
        accumulator: @escaping (inout Seed, Element) -> Void
    ) -> Infallible<Seed> {
        let call = TraceCall.enter("Infallible.scan"); defer { call.exit() }
        return Infallible(asObservable().scan(into: seed, accumulator: accumulator))
    }

    /// Each intermediate result of `accumulator` folding the elements into `seed`.
    public func scan<Seed>(
        _ seed: Seed,
        accumulator: @escaping (Seed, Element) -> Seed
    ) -> Infallible<Seed> {
        let call = TraceCall.enter("Infallible.scan"); defer { call.exit() }
        return Infallible(asObservable().scan(seed, accumulator: accumulator))
    }
}

// MARK: - Start with

extension InfallibleType {
    /// `element`, then this sequence's elements.
    public func startWith(_ element: Element) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.startWith"); defer { call.exit() }
        return Infallible(asObservable().startWith(element))
    }
}

// MARK: - Take and skip

extension InfallibleType {
    /// The elements until `other` sends an element.
    public func take<Source: InfallibleType>(
        until other: Source
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.take(until:)"); defer { call.exit() }
        return Infallible(asObservable().take(until: other.asObservable()))
    }

    /// The elements until `other` sends an element.
    public func take<Source: ObservableType>(
        until other: Source
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.take(until:)"); defer { call.exit() }
        return Infallible(asObservable().take(until: other))
    }

    /// The elements until `predicate` accepts one (included when `behavior` is
    /// `.inclusive`).
    public func take(
        until predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.take(until:)"); defer { call.exit() }
        return Infallible(asObservable().take(until: predicate, behavior: behavior))
    }

    /// The elements while `predicate` accepts them (the first refused one included when
    /// `behavior` is `.inclusive`).
    public func take(
        while predicate: @escaping (Element) throws -> Bool,
        behavior: TakeBehavior = .exclusive
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.take(while:)"); defer { call.exit() }
        return Infallible(asObservable().take(while: predicate, behavior: behavior))
    }

    /// The first `count` elements.
    public func take(_ count: Int) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.take"); defer { call.exit() }
        return Infallible(asObservable().take(count))
    }

    /// The elements sent within `duration` of the subscription.
    public func take(
        for duration: RxTimeInterval, scheduler: SchedulerType
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.take(for:)"); defer { call.exit() }
        return Infallible(asObservable().take(for: duration, scheduler: scheduler))
    }

    /// The elements from the first one `predicate` refuses on.
    public func skip(
        while predicate: @escaping (Element) throws -> Bool
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.skip(while:)"); defer { call.exit() }
        return Infallible(asObservable().skip(while: predicate))
    }

    /// The elements sent after `other` sent an element.
    public func skip<Source: ObservableType>(
        until other: Source
    ) -> Infallible<Element> {
        let call = TraceCall.enter("Infallible.skip(until:)"); defer { call.exit() }
        return Infallible(asObservable().skip(until: other))
    }
}

// MARK: - withUnretained

extension InfallibleType {
    /// Each element combined by `resultSelector` with `obj`, held weakly; completes once
    /// `obj` is gone.
    public func withUnretained<Object: AnyObject, Out>(
        _ obj: Object,
        resultSelector: @escaping (Object, Element) -> Out
    ) -> Infallible<Out> {
        let call = TraceCall.enter("Infallible.withUnretained"); defer { call.exit() }
        return Infallible(asObservable().withUnretained(obj, resultSelector: resultSelector))
    }

    /// Each element paired with `obj`, held weakly; completes once `obj` is gone.
    public func withUnretained<Object: AnyObject>(
        _ obj: Object
    ) -> Infallible<(Object, Element)> {
        withUnretained(obj, resultSelector: { ($0, $1) })
    }
}

// MARK: - withLatestFrom

extension InfallibleType {
    /// Each element combined by `resultSelector` with the latest element of `second`, once
    /// it sent one.
    public func withLatestFrom<Source: InfallibleType, ResultType>(
        _ second: Source,
        resultSelector: @escaping (Element, Source.Element) throws -> ResultType
    ) -> Infallible<ResultType> {
        let call = TraceCall.enter("Infallible.withLatestFrom"); defer { call.exit() }
        return Infallible(
            asObservable().withLatestFrom(second.asObservable(), resultSelector: resultSelector)
        )
    }

    /// The latest element of `second` each time this sequence sends, once `second` sent one.
    public func withLatestFrom<Source: InfallibleType>(
        _ second: Source
    ) -> Infallible<Source.Element> {
        withLatestFrom(second, resultSelector: { $1 })
    }
}
