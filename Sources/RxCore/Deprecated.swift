// RxCore's own: RxSwift 6 has no Deprecated.swift; it keeps each RxSwift 5 name beside its new one
// (Catch.swift, ElementAt.swift, …). Here together: the names code written for RxSwift 5 still uses,
// each forwarding to its RxSwift 6 name with a deprecation warning, as RxSwift 6 does.

extension ObservableType {
    /// Deprecated: ``catch(_:)``.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping (Swift.Error) throws -> Observable<Element>
    ) -> Observable<Element> {
        self.catch(handler)
    }

    /// Deprecated: ``catchAndReturn(_:)``.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(
        _ element: Element
    ) -> Observable<Element> {
        catchAndReturn(element)
    }

    /// Deprecated: ``element(at:)``.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int) -> Observable<Element> {
        element(at: index)
    }

    /// Deprecated: ``retry(when:)``.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// Deprecated: ``retry(when:)``.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> Observable<Element> {
        retry(when: notificationHandler)
    }

    /// Deprecated: ``take(until:)``.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableType>(
        _ other: Source
    ) -> Observable<Element> {
        take(until: other)
    }

    /// Deprecated: ``take(until:behavior:)``.
    @available(*, deprecated, renamed: "take(until:behavior:)")
    public func takeUntil(
        _ behavior: TakeBehavior,
        predicate: @escaping (Element) throws -> Bool
    ) -> Observable<Element> {
        take(until: predicate, behavior: behavior)
    }

    /// Deprecated: ``take(while:behavior:)``.
    @available(*, deprecated, renamed: "take(while:)")
    public func takeWhile(
        _ predicate: @escaping (Element) throws -> Bool
    ) -> Observable<Element> {
        take(while: predicate)
    }

    /// Deprecated: ``take(for:scheduler:)``.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(
        _ duration: RxTimeInterval, scheduler: SchedulerType
    ) -> Observable<Element> {
        take(for: duration, scheduler: scheduler)
    }

    /// Deprecated: ``skip(while:)``.
    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(
        _ predicate: @escaping (Element) throws -> Bool
    ) -> Observable<Element> {
        skip(while: predicate)
    }

    /// Deprecated: ``skip(until:)``.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Source: ObservableType>(
        _ other: Source
    ) -> Observable<Element> {
        skip(until: other)
    }

    /// Deprecated: ``observe(on:)``.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(
        _ scheduler: ImmediateSchedulerType
    ) -> Observable<Element> {
        observe(on: scheduler)
    }

    /// Deprecated: ``subscribe(on:)``.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(
        _ scheduler: ImmediateSchedulerType
    ) -> Observable<Element> {
        subscribe(on: scheduler)
    }
}

extension ObservableType {
    /// Deprecated: ``ObservableType/catch(sequence:)``.
    @available(*, deprecated, renamed: "catch(sequence:)")
    public static func catchError<Sequence: Swift.Sequence>(
        _ sequence: Sequence
    ) -> Observable<Element> where Sequence.Element == Observable<Element> {
        Self.catch(sequence: sequence)
    }
}

extension Observable {
    /// Deprecated: ``ObservableType/from(optional:)``; an implicit conversion to
    /// `Optional` made `from(_:)` ambiguous.
    @available(*, deprecated, renamed: "from(optional:)")
    public static func from(
        _ optional: Element?
    ) -> Observable<Element> {
        Observable.from(optional: optional)
    }

    /// Deprecated: ``ObservableType/from(optional:scheduler:)``.
    @available(*, deprecated, renamed: "from(optional:scheduler:)")
    public static func from(
        _ optional: Element?, scheduler: ImmediateSchedulerType
    ) -> Observable<Element> {
        Observable.from(optional: optional, scheduler: scheduler)
    }
}
