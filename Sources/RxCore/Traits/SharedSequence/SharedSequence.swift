// Mirrors RxCocoa's RxCocoa/Traits/SharedSequence/SharedSequence.swift.
// Deviation from RxSwift: RxCocoa's `SharedSequence`, `Driver` and `Signal` live in RxCore
// (RxTrace has no RxCocoa module; they need no UIKit); every factory and operator goes through
// the recorded observable operators it is built from.

/// A sequence that never fails, delivers its events on its sharing strategy's scheduler and
/// shares one subscription to its source among its observers, as the strategy says.
///
/// ``Driver`` and ``Signal`` are the two strategies RxCocoa ships. A `SharedSequence` is a
/// builder: each operator returns a new one over the observable it builds.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: SharedSequenceConvertibleType,
    ObservableConvertibleType
{
    /// The shared observable this sequence is.
    let source: Observable<Element>

    /// Wraps `source` after applying the strategy's sharing to it (`package`: RxRelay builds some).
    package init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    /// Wraps `source` as it is: for sources that need no sharing (`just`, `empty`, …).
    init(raw: Observable<Element>) {
        self.source = raw
    }

    /// The shared observable this sequence is.
    public func asObservable() -> Observable<Element> {
        source
    }

    /// This sequence itself.
    public func asSharedSequence() -> SharedSequence<SharingStrategy, Element> {
        self
    }
}

/// How a ``SharedSequence`` delivers and shares: the scheduler its events arrive on, and
/// what it applies to its source so that observers share one subscription.
public protocol SharingStrategyProtocol {
    /// The scheduler every event of the sequence is delivered on.
    static var scheduler: SchedulerType { get }

    /// Makes `source` shared among its observers (for example with `share(replay:scope:)`).
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A type that can be turned into a ``SharedSequence``.
public protocol SharedSequenceConvertibleType: ObservableConvertibleType {
    /// The sharing strategy of the resulting sequence.
    associatedtype SharingStrategy: SharingStrategyProtocol

    /// This value as a ``SharedSequence``.
    func asSharedSequence() -> SharedSequence<SharingStrategy, Element>
}

extension SharedSequenceConvertibleType {
    /// The observable behind ``asSharedSequence()``.
    public func asObservable() -> Observable<Element> {
        asSharedSequence().asObservable()
    }
}

extension SharedSequence {
    /// A sequence that completes at once, on the strategy's scheduler.
    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.empty"); defer { call.exit() }
        return SharedSequence(
            raw: Observable.empty()
                .subscribe(on: SharingStrategy.scheduler)
        )
    }

    /// A sequence that sends nothing and never ends.
    public static func never() -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.never"); defer { call.exit() }
        return SharedSequence(raw: Observable.never())
    }

    /// A sequence that sends `element` and completes, subscribed on the strategy's scheduler.
    public static func just(
        _ element: Element
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.just"); defer { call.exit() }
        return SharedSequence(
            raw: Observable.just(element)
                .subscribe(on: SharingStrategy.scheduler)
        )
    }

    /// A sequence that calls `observableFactory` for each subscriber and subscribes it to the
    /// sequence that returns.
    public static func deferred(
        _ observableFactory: @escaping () -> SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.deferred"); defer { call.exit() }
        return SharedSequence(Observable.deferred({ observableFactory().asObservable() }))
    }

    /// A sequence that sends `elements`, one by one, on the strategy's scheduler, then completes.
    public static func of(
        _ elements: Element...
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.of"); defer { call.exit() }
        let source = Observable.from(elements, scheduler: SharingStrategy.scheduler)
        return SharedSequence(raw: source)
    }

    /// A sequence that sends the elements of `array` on the strategy's scheduler, then completes.
    public static func from(
        _ array: [Element]
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.from"); defer { call.exit() }
        return SharedSequence(raw: Observable.from(array, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence that sends the elements of `sequence` on the strategy's scheduler, then
    /// completes.
    public static func from<Sequence: Swift.Sequence>(
        _ sequence: Sequence
    ) -> SharedSequence<SharingStrategy, Element> where Sequence.Element == Element {
        let call = TraceCall.enter("SharedSequence.from"); defer { call.exit() }
        let source = Observable.from(sequence, scheduler: SharingStrategy.scheduler)
        return SharedSequence(raw: source)
    }

    /// A sequence that sends the wrapped value of `optional`, if any, on the strategy's
    /// scheduler, then completes.
    public static func from(
        optional: Element?
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.from"); defer { call.exit() }
        return SharedSequence(
            raw: Observable.from(optional: optional, scheduler: SharingStrategy.scheduler)
        )
    }
}

extension SharedSequence where Element: RxAbstractInteger {
    /// A sequence that sends 0, 1, 2, … every `period`, timed on the strategy's scheduler.
    public static func interval(
        _ period: RxTimeInterval
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.interval"); defer { call.exit() }
        return SharedSequence(Observable.interval(period, scheduler: SharingStrategy.scheduler))
    }

    /// A sequence that sends 0 after `dueTime`, then 1, 2, … every `period`, timed on the
    /// strategy's scheduler.
    public static func timer(
        _ dueTime: RxTimeInterval, period: RxTimeInterval
    ) -> SharedSequence<SharingStrategy, Element> {
        let call = TraceCall.enter("SharedSequence.timer"); defer { call.exit() }
        return SharedSequence(
            Observable.timer(dueTime, period: period, scheduler: SharingStrategy.scheduler)
        )
    }
}
