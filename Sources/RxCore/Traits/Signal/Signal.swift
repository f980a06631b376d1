// Mirrors RxCocoa's RxCocoa/Traits/Signal/Signal.swift.

/// A ``SharedSequence`` for events (taps, notifications): it never fails, delivers on the
/// main scheduler (``SharingScheduler/make``), and shares with `share(scope: .whileConnected)`,
/// so a new observer gets only what is sent after it subscribed.
public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>

/// The sharing strategy of ``Signal``: the main scheduler and `share(scope: .whileConnected)`.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    /// The scheduler ``SharingScheduler/make`` makes.
    public static var scheduler: SchedulerType { SharingScheduler.make() }

    /// Shares `source`, without replay, while it has observers.
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(scope: .whileConnected)
    }
}

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// This sequence as a ``Signal``.
    public func asSignal() -> Signal<Element> {
        asSharedSequence()
    }
}
