// RxCore's own: RxSwift 6 has no Deprecated.swift; it keeps each RxSwift 5 name beside its new one
// (Catch.swift, ElementAt.swift, …). Here together: the names code written for RxSwift 5 still uses,
// each forwarding to its RxSwift 6 name with a deprecation warning, as RxSwift 6 does.

extension ObservableType {
    /// Deprecated: ``catch(_:)``.
    @available(*, deprecated, renamed: "catch(_:)")
    public func catchError(
        _ handler: @escaping (Swift.Error) throws -> Observable<Element>,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        self.catch(handler, file: file, line: line)
    }

    /// Deprecated: ``catchAndReturn(_:)``.
    @available(*, deprecated, renamed: "catchAndReturn(_:)")
    public func catchErrorJustReturn(
        _ element: Element, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        catchAndReturn(element, file: file, line: line)
    }

    /// Deprecated: ``element(at:)``.
    @available(*, deprecated, renamed: "element(at:)")
    public func elementAt(_ index: Int, file: StaticString = #fileID, line: UInt = #line) -> Observable<Element> {
        element(at: index, file: file, line: line)
    }

    /// Deprecated: ``retry(when:)``.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType, Error: Swift.Error>(
        _ notificationHandler: @escaping (Observable<Error>) -> TriggerObservable,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        retry(when: notificationHandler, file: file, line: line)
    }

    /// Deprecated: ``retry(when:)``.
    @available(*, deprecated, renamed: "retry(when:)")
    public func retryWhen<TriggerObservable: ObservableType>(
        _ notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        retry(when: notificationHandler, file: file, line: line)
    }

    /// Deprecated: ``take(until:)``.
    @available(*, deprecated, renamed: "take(until:)")
    public func takeUntil<Source: ObservableType>(
        _ other: Source, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        take(until: other, file: file, line: line)
    }

    /// Deprecated: ``take(until:behavior:)``.
    @available(*, deprecated, renamed: "take(until:behavior:)")
    public func takeUntil(
        _ behavior: TakeBehavior,
        predicate: @escaping (Element) throws -> Bool,
        file: StaticString = #fileID,
        line: UInt = #line
    ) -> Observable<Element> {
        take(until: predicate, behavior: behavior, file: file, line: line)
    }

    /// Deprecated: ``take(while:behavior:)``.
    @available(*, deprecated, renamed: "take(while:)")
    public func takeWhile(
        _ predicate: @escaping (Element) throws -> Bool, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        take(while: predicate, file: file, line: line)
    }

    /// Deprecated: ``take(for:scheduler:)``.
    @available(*, deprecated, renamed: "take(for:scheduler:)")
    public func take(
        _ duration: RxTimeInterval, scheduler: SchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        take(for: duration, scheduler: scheduler, file: file, line: line)
    }

    /// Deprecated: ``skip(while:)``.
    @available(*, deprecated, renamed: "skip(while:)")
    public func skipWhile(
        _ predicate: @escaping (Element) throws -> Bool, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        skip(while: predicate, file: file, line: line)
    }

    /// Deprecated: ``skip(until:)``.
    @available(*, deprecated, renamed: "skip(until:)")
    public func skipUntil<Source: ObservableType>(
        _ other: Source, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        skip(until: other, file: file, line: line)
    }

    /// Deprecated: ``observe(on:)``.
    @available(*, deprecated, renamed: "observe(on:)")
    public func observeOn(
        _ scheduler: ImmediateSchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        observe(on: scheduler, file: file, line: line)
    }

    /// Deprecated: ``subscribe(on:)``.
    @available(*, deprecated, renamed: "subscribe(on:)")
    public func subscribeOn(
        _ scheduler: ImmediateSchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        subscribe(on: scheduler, file: file, line: line)
    }
}

extension ObservableType {
    /// Deprecated: ``ObservableType/catch(sequence:file:line:)``.
    @available(*, deprecated, renamed: "catch(sequence:)")
    public static func catchError<Sequence: Swift.Sequence>(
        _ sequence: Sequence, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> where Sequence.Element == Observable<Element> {
        Self.catch(sequence: sequence, file: file, line: line)
    }
}

extension Observable {
    /// Deprecated: ``ObservableType/from(optional:file:line:)``; an implicit conversion to
    /// `Optional` made `from(_:)` ambiguous.
    @available(*, deprecated, renamed: "from(optional:)")
    public static func from(
        _ optional: Element?, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        Observable.from(optional: optional, file: file, line: line)
    }

    /// Deprecated: ``ObservableType/from(optional:scheduler:file:line:)``.
    @available(*, deprecated, renamed: "from(optional:scheduler:)")
    public static func from(
        _ optional: Element?, scheduler: ImmediateSchedulerType, file: StaticString = #fileID, line: UInt = #line
    ) -> Observable<Element> {
        Observable.from(optional: optional, scheduler: scheduler, file: file, line: line)
    }
}
