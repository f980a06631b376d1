// Mirrors RxCocoa's RxCocoa/Traits/Driver/Driver+Subscription.swift (its relay forms).
// Deviation from RxSwift: these forms live in RxRelay, since RxCore cannot see the relays
// (RxTrace has no RxCocoa module); the other `drive` forms are in RxCore's
// `Traits/Driver/Driver+Subscription.swift`. Each subscribes through `drive(onNext:)`, so the
// trace names the user's `drive` line as the subscription's call site.

import RxCore

private let errorMessage = """
    `drive*` family of methods can be only called from `MainThread`.
    This is required to ensure that the last replayed `Driver` element is delivered on `MainThread`.

    """

extension SharedSequenceConvertibleType where SharingStrategy == DriverSharingStrategy {
    /// Subscribes and makes each of `relays` accept every element, in order.
    ///
    /// Call it from the main thread, so the replayed element arrives there too. Completion ends
    /// the subscription and leaves the relays as they are.
    ///
    /// - Returns: the subscription; dispose it to stop driving the relays.
    public func drive(
        _ relays: BehaviorRelay<Element>...
    ) -> Disposable {
        let call = TraceCall.enter("drive(_:)"); defer { call.exit() }
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return drive(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, wrapped in an `Optional`.
    ///
    /// Call it from the main thread, so the replayed element arrives there too.
    ///
    /// - Returns: the subscription; dispose it to stop driving the relays.
    public func drive(
        _ relays: BehaviorRelay<Element?>...
    ) -> Disposable {
        let call = TraceCall.enter("drive(_:)"); defer { call.exit() }
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return drive(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, in order.
    ///
    /// Call it from the main thread, so the replayed element arrives there too. Completion ends
    /// the subscription and leaves the relays as they are.
    ///
    /// - Returns: the subscription; dispose it to stop driving the relays.
    public func drive(
        _ relays: ReplayRelay<Element>...
    ) -> Disposable {
        let call = TraceCall.enter("drive(_:)"); defer { call.exit() }
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return drive(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, wrapped in an `Optional`.
    ///
    /// Call it from the main thread, so the replayed element arrives there too.
    ///
    /// - Returns: the subscription; dispose it to stop driving the relays.
    public func drive(
        _ relays: ReplayRelay<Element?>...
    ) -> Disposable {
        let call = TraceCall.enter("drive(_:)"); defer { call.exit() }
        MainScheduler.ensureRunningOnMainThread(errorMessage: errorMessage)
        return drive(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }
}
