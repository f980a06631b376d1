// Mirrors RxCocoa's RxCocoa/Traits/Signal/Signal+Subscription.swift (its relay forms).
// Deviation from RxSwift: these forms live in RxRelay, since RxCore cannot see the relays
// (RxTrace has no RxCocoa module); the other `emit` forms are in RxCore's
// `Traits/Signal/Signal+Subscription.swift`. Each subscribes through `emit(onNext:)`, so the
// trace names the user's `emit` line as the subscription's call site.

import RxCore

extension SharedSequenceConvertibleType where SharingStrategy == SignalSharingStrategy {
    /// Subscribes and makes each of `relays` accept every element, in order.
    ///
    /// Completion ends the subscription and leaves the relays as they are.
    ///
    /// - Returns: the subscription; dispose it to stop emitting to the relays.
    public func emit(
        to relays: BehaviorRelay<Element>...
    ) -> Disposable {
        let call = TraceCall.enter("emit(to:)"); defer { call.exit() }
        return emit(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, wrapped in an `Optional`.
    ///
    /// - Returns: the subscription; dispose it to stop emitting to the relays.
    public func emit(
        to relays: BehaviorRelay<Element?>...
    ) -> Disposable {
        let call = TraceCall.enter("emit(to:)"); defer { call.exit() }
        return emit(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, in order.
    ///
    /// Completion ends the subscription and leaves the relays as they are.
    ///
    /// - Returns: the subscription; dispose it to stop emitting to the relays.
    public func emit(
        to relays: PublishRelay<Element>...
    ) -> Disposable {
        let call = TraceCall.enter("emit(to:)"); defer { call.exit() }
        return emit(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, wrapped in an `Optional`.
    ///
    /// - Returns: the subscription; dispose it to stop emitting to the relays.
    public func emit(
        to relays: PublishRelay<Element?>...
    ) -> Disposable {
        let call = TraceCall.enter("emit(to:)"); defer { call.exit() }
        return emit(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, in order.
    ///
    /// Completion ends the subscription and leaves the relays as they are.
    ///
    /// - Returns: the subscription; dispose it to stop emitting to the relays.
    public func emit(
        to relays: ReplayRelay<Element>...
    ) -> Disposable {
        let call = TraceCall.enter("emit(to:)"); defer { call.exit() }
        return emit(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, wrapped in an `Optional`.
    ///
    /// - Returns: the subscription; dispose it to stop emitting to the relays.
    public func emit(
        to relays: ReplayRelay<Element?>...
    ) -> Disposable {
        let call = TraceCall.enter("emit(to:)"); defer { call.exit() }
        return emit(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }
}
