// Mirrors RxSwift's RxSwift/Traits/PrimitiveSequence/PrimitiveSequence.swift.
// The deprecated spellings RxSwift 6 keeps there and in Single.swift and Maybe.swift, gathered
// here as the observables' are in `Deprecated.swift`: the names code written for RxSwift 5 still
// uses, each forwarding to its RxSwift 6 name with a deprecation warning.

extension PrimitiveSequence {
    /// Deprecated: ``observe(on:)``.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(
        _ scheduler: ImmediateSchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        observe(on: scheduler)
    }

    /// Deprecated: ``subscribe(on:)``.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(
        _ scheduler: ImmediateSchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler)
    }

    /// Deprecated: ``catch(_:)``.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        self.catch(handler)
    }

    /// Deprecated: ``retry(when:)``.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler)
    }

    /// Deprecated: ``retry(when:)``.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler)
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Deprecated: ``catchAndReturn(_:)``.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(
        _ element: Element
    ) -> PrimitiveSequence<Trait, Element> {
        catchAndReturn(element)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Deprecated: ``catchAndReturn(_:)``.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(
        _ element: Element
    ) -> PrimitiveSequence<Trait, Element> {
        catchAndReturn(element)
    }
}
