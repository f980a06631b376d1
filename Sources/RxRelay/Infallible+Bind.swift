// Mirrors RxCocoa's RxCocoa/Common/Infallible+Bind.swift (its relay forms).
// Deviation from RxSwift: these forms live in RxRelay, since RxCore cannot see the relays
// (RxTrace has no RxCocoa module); its other `bind` forms are in RxCore's
// `Reactive/Infallible+Bind.swift`. Every form subscribes through the recorded `subscribe`, so
// the trace names the user's `bind` line as the subscription's call site.

import RxCore

extension InfallibleType {
    /// Subscribes and makes each of `relays` accept every element, in order.
    ///
    /// Completion ends the binding and leaves the relays as they are.
    ///
    /// - Returns: the subscription; dispose it to unbind every relay.
    public func bind(
        to relays: BehaviorRelay<Element>...
    ) -> Disposable {
        let call = TraceCall.enter("Infallible.bind(to:)"); defer { call.exit() }
        return subscribe(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, wrapped in an `Optional`.
    ///
    /// - Returns: the subscription; dispose it to unbind every relay.
    public func bind(
        to relays: BehaviorRelay<Element?>...
    ) -> Disposable {
        let call = TraceCall.enter("Infallible.bind(to:)"); defer { call.exit() }
        return subscribe(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, in order.
    ///
    /// Completion ends the binding and leaves the relays as they are.
    ///
    /// - Returns: the subscription; dispose it to unbind every relay.
    public func bind(
        to relays: PublishRelay<Element>...
    ) -> Disposable {
        let call = TraceCall.enter("Infallible.bind(to:)"); defer { call.exit() }
        return subscribe(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, wrapped in an `Optional`.
    ///
    /// - Returns: the subscription; dispose it to unbind every relay.
    public func bind(
        to relays: PublishRelay<Element?>...
    ) -> Disposable {
        let call = TraceCall.enter("Infallible.bind(to:)"); defer { call.exit() }
        return subscribe(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, in order.
    ///
    /// Completion ends the binding and leaves the relays as they are.
    ///
    /// - Returns: the subscription; dispose it to unbind every relay.
    public func bind(
        to relays: ReplayRelay<Element>...
    ) -> Disposable {
        let call = TraceCall.enter("Infallible.bind(to:)"); defer { call.exit() }
        return subscribe(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, wrapped in an `Optional`.
    ///
    /// - Returns: the subscription; dispose it to unbind every relay.
    public func bind(
        to relays: ReplayRelay<Element?>...
    ) -> Disposable {
        let call = TraceCall.enter("Infallible.bind(to:)"); defer { call.exit() }
        return subscribe(onNext: { element in
            relays.forEach { $0.accept(element) }
        })
    }
}
