// Mirrors RxSwift's RxSwift/Traits/PrimitiveSequence/PrimitiveSequence.swift.
// The deprecated spellings RxSwift 6 keeps there and in Single.swift and Maybe.swift, gathered
// here as the observables' are in `Deprecated.swift`: the names code written for RxSwift 5 still
// uses, each forwarding to its RxSwift 6 name with a deprecation warning.

extension PrimitiveSequence {
    /// Deprecated: ``observe(on:file:line:)``.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(
        _ scheduler: ImmediateSchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        observe(on: scheduler, file: file, line: line)
    }

    /// Deprecated: ``subscribe(on:file:line:)``.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(
        _ scheduler: ImmediateSchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        subscribe(on: scheduler, file: file, line: line)
    }

    /// Deprecated: ``catch(_:file:line:)``.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        self.catch(handler, file: file, line: line)
    }

    /// Deprecated: ``retry(when:file:line:)``.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler, file: file, line: line)
    }

    /// Deprecated: ``retry(when:file:line:)``.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        retry(when: notificationHandler, file: file, line: line)
    }
}

extension PrimitiveSequenceType where Trait == SingleTrait {
    /// Deprecated: ``catchAndReturn(_:file:line:)``.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(
        _ element: Element, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        catchAndReturn(element, file: file, line: line)
    }
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    /// Deprecated: ``catchAndReturn(_:file:line:)``.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(
        _ element: Element, file: StaticString = #fileID, line: UInt = #line
    ) -> PrimitiveSequence<Trait, Element> {
        catchAndReturn(element, file: file, line: line)
    }
}
