// Mirrors RxCocoa's RxCocoa/Traits/Driver/Driver.swift.

/// A ``SharedSequence`` for state that drives the UI: it never fails, delivers on the main
/// scheduler (``SharingScheduler/make``), and shares with `share(replay: 1, scope: .whileConnected)`,
/// so a new observer gets the latest element at once and the source is subscribed while
/// someone observes.
///
/// Call `drive` from the main thread: the replayed element is delivered on the thread that
/// subscribes.
public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

/// The sharing strategy of ``Driver``: the main scheduler and `share(replay: 1, scope: .whileConnected)`.
public struct DriverSharingStrategy: SharingStrategyProtocol {
    /// The scheduler ``SharingScheduler/make`` makes.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// Shares `source`, replaying its latest element, while it has observers.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1, scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// This sequence as a ``Driver``.
    public func asDriver() -> Driver<Element> {
        asSharedSequence()
    }
}
