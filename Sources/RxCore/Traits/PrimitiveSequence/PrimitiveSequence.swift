// Mirrors RxSwift's RxSwift/Traits/PrimitiveSequence/PrimitiveSequence.swift.
// Deviation from RxSwift: every trait operator and factory goes through the observable operator
// it wraps, which records where user code built it (the first user frame on the stack).

/// An observable sequence of at most one element whose type says so: ``Single``, ``Maybe``
/// or ``Completable``, told apart by `Trait`.
///
/// It wraps the observable that does the work; its operators wrap that observable's
/// operators, so a trace shows the same producers and sinks as for an observable.
public struct PrimitiveSequence<Trait, Element> {
    let source: Observable<Element>

    init(raw: Observable<Element>) {
        self.source = raw
    }
}

/// A type that is a ``PrimitiveSequence``: the constraint the trait operators extend.
public protocol PrimitiveSequenceType {
    /// Which kind of primitive sequence: ``SingleTrait``, ``MaybeTrait`` or
    /// ``CompletableTrait``.
    associatedtype Trait

    /// The type of the element, if any.
    associatedtype Element

    /// This value as a ``PrimitiveSequence``.
    var primitiveSequence: PrimitiveSequence<Trait, Element> { get }
}

extension PrimitiveSequence: PrimitiveSequenceType {
    /// This primitive sequence itself.
    public var primitiveSequence: PrimitiveSequence<Trait, Element> {
        self
    }
}

extension PrimitiveSequence: ObservableConvertibleType {
    /// The observable that does the work of this primitive sequence.
    public func asObservable() -> Observable<Element> {
        source
    }
}

extension PrimitiveSequence {
    /// A primitive sequence that calls `observableFactory` for each subscriber and subscribes
    /// it to what the factory returns; an error the factory throws is sent to the subscriber.
    public static func deferred(
        _ observableFactory: @escaping () throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.deferred"); defer { call.exit() }
        return PrimitiveSequence(
            raw: Observable.deferred({ try observableFactory().asObservable() })
        )
    }

    /// This sequence with its events delivered on `scheduler`.
    public func observe(
        on scheduler: ImmediateSchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.observe(on:)"); defer { call.exit() }
        return PrimitiveSequence(raw: source.observe(on: scheduler))
    }

    /// This sequence with its subscription and disposal done on `scheduler`.
    public func subscribe(
        on scheduler: ImmediateSchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.subscribe(on:)"); defer { call.exit() }
        return PrimitiveSequence(raw: source.subscribe(on: scheduler))
    }

    /// This sequence, continued after an error by the primitive sequence `handler` returns for
    /// it; an error `handler` throws ends the result.
    public func `catch`(
        _ handler: @escaping (Swift.Error) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.catch"); defer { call.exit() }
        return PrimitiveSequence(raw: source.catch({ try handler($0).asObservable() }))
    }

    /// This sequence, subscribed again after an error until it succeeds or has been tried
    /// `maxAttemptCount` times (the first attempt included); the last error ends the result.
    public func retry(
        _ maxAttemptCount: Int
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.retry"); defer { call.exit() }
        return PrimitiveSequence(raw: source.retry(maxAttemptCount))
    }

    /// This sequence, subscribed again each time the trigger sequence `notificationHandler`
    /// makes from the errors emits; the trigger's completion or error ends the result.
    public func retry<TriggerObservable: ObservableType, Error: Swift.Error>(
        when notificationHandler: @escaping (Observable<Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.retry(when:)"); defer { call.exit() }
        return PrimitiveSequence(raw: source.retry(when: notificationHandler))
    }

    /// This sequence, subscribed again each time the trigger sequence `notificationHandler`
    /// makes from the errors emits; the trigger's completion or error ends the result.
    public func retry<TriggerObservable: ObservableType>(
        when notificationHandler: @escaping (Observable<Swift.Error>) -> TriggerObservable
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.retry(when:)"); defer { call.exit() }
        return PrimitiveSequence(raw: source.retry(when: notificationHandler))
    }

    /// This sequence, printing each subscription, event and disposal; see
    /// ``ObservableType/debug(_:trimOutput:file:line:function:)``.
    public func debug(
        _ identifier: String? = nil,
        trimOutput: Bool = false,
        file: String = #file,
        line: UInt = #line,
        function: String = #function
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.debug"); defer { call.exit() }
        return PrimitiveSequence(
            raw: source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function)
        )
    }

    /// A primitive sequence that, for each subscriber, makes a resource, then the sequence to
    /// forward from it, and disposes the resource when the subscription ends.
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping () throws -> Resource,
        primitiveSequenceFactory: @escaping (Resource) throws -> PrimitiveSequence<Trait, Element>
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.using"); defer { call.exit() }
        return PrimitiveSequence(
            raw: Observable.using(
                resourceFactory,
                observableFactory: { resource in try primitiveSequenceFactory(resource).asObservable() }
            )
        )
    }

    /// This sequence with its element and completion each sent `dueTime` later on
    /// `scheduler`; an error is sent at once.
    public func delay(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.delay"); defer { call.exit() }
        return PrimitiveSequence(raw: source.delay(dueTime, scheduler: scheduler))
    }

    /// This sequence, subscribed `dueTime` after each subscriber subscribes, on `scheduler`.
    public func delaySubscription(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.delaySubscription"); defer { call.exit() }
        return PrimitiveSequence(raw: source.delaySubscription(dueTime, scheduler: scheduler))
    }

    /// This sequence, failing with ``RxError/timeout`` when it sends nothing within `dueTime`
    /// of the subscription, timed on `scheduler`.
    public func timeout(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.timeout"); defer { call.exit() }
        return PrimitiveSequence(raw: source.timeout(dueTime, scheduler: scheduler))
    }

    /// This sequence, switched to `other` when it sends nothing within `dueTime` of the
    /// subscription, timed on `scheduler`.
    public func timeout(
        _ dueTime: RxTimeInterval,
        other: PrimitiveSequence<Trait, Element>,
        scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.timeout"); defer { call.exit() }
        return PrimitiveSequence(
            raw: source.timeout(dueTime, other: other.source, scheduler: scheduler)
        )
    }
}

extension PrimitiveSequenceType where Element: RxAbstractInteger {
    /// A primitive sequence that sends `0` `dueTime` after each subscription, timed on
    /// `scheduler`, then completes: `Single<Int>.timer(…)` or `Maybe<Int>.timer(…)`.
    public static func timer(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> PrimitiveSequence<Trait, Element> {
        let call = TraceCall.enter("PrimitiveSequence.timer"); defer { call.exit() }
        return PrimitiveSequence(raw: Observable<Element>.timer(dueTime, scheduler: scheduler))
    }
}
