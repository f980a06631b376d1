// Mirrors RxSwift's RxRelay/Observable+Bind.swift.
// Deviation from RxSwift: every form subscribes through the recorded `subscribe`, so the trace
// names the user's `bind` line (found on the captured stack, past RxRelay's frames) as the
// subscription's call site, and the `map` of the optional forms as assembled there.

import RxCore

extension ObservableType {
    /// Subscribes and makes each of `relays` accept every element, in order.
    ///
    /// Completion ends the binding and leaves the relays as they are. An error traps in debug
    /// builds and is printed in release builds: a relay cannot fail.
    ///
    /// - Returns: the subscription; dispose it to unbind every relay.
    public func bind(
        to relays: PublishRelay<Element>...
    ) -> Disposable {
        let call = TraceCall.enter("bind(to:)"); defer { call.exit() }
        return bind(to: relays)
    }

    /// Subscribes and makes each of `relays` accept every element, wrapped in an `Optional`.
    ///
    /// - Returns: the subscription; dispose it to unbind every relay.
    public func bind(
        to relays: PublishRelay<Element?>...
    ) -> Disposable {
        let call = TraceCall.enter("bind(to:)"); defer { call.exit() }
        return map({ $0 as Element? }).bind(to: relays)
    }

    /// Makes each relay accept every element; the funnel of the publish relay forms.
    private func bind(to relays: [PublishRelay<Element>]) -> Disposable {
        subscribe({ event in
            switch event {
            case .next(let element):
                relays.forEach { $0.accept(element) }
            case .error(let error):
                rxFatalErrorInDebug("Binding error to publish relay: \(error)")
            case .completed:
                break
            }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, in order.
    ///
    /// Completion ends the binding and leaves each relay's value as it is. An error traps in
    /// debug builds and is printed in release builds: a relay cannot fail.
    ///
    /// - Returns: the subscription; dispose it to unbind every relay.
    public func bind(
        to relays: BehaviorRelay<Element>...
    ) -> Disposable {
        let call = TraceCall.enter("bind(to:)"); defer { call.exit() }
        return bind(to: relays)
    }

    /// Subscribes and makes each of `relays` accept every element, wrapped in an `Optional`.
    ///
    /// - Returns: the subscription; dispose it to unbind every relay.
    public func bind(
        to relays: BehaviorRelay<Element?>...
    ) -> Disposable {
        let call = TraceCall.enter("bind(to:)"); defer { call.exit() }
        return map({ $0 as Element? }).bind(to: relays)
    }

    /// Makes each relay accept every element; the funnel of the behavior relay forms.
    private func bind(to relays: [BehaviorRelay<Element>]) -> Disposable {
        subscribe({ event in
            switch event {
            case .next(let element):
                relays.forEach { $0.accept(element) }
            case .error(let error):
                rxFatalErrorInDebug("Binding error to behavior relay: \(error)")
            case .completed:
                break
            }
        })
    }

    /// Subscribes and makes each of `relays` accept every element, in order.
    ///
    /// Completion ends the binding and leaves the relays' buffers as they are. An error traps
    /// in debug builds and is printed in release builds: a relay cannot fail.
    ///
    /// - Returns: the subscription; dispose it to unbind every relay.
    public func bind(
        to relays: ReplayRelay<Element>...
    ) -> Disposable {
        let call = TraceCall.enter("bind(to:)"); defer { call.exit() }
        return bind(to: relays)
    }

    /// Subscribes and makes each of `relays` accept every element, wrapped in an `Optional`.
    ///
    /// - Returns: the subscription; dispose it to unbind every relay.
    public func bind(
        to relays: ReplayRelay<Element?>...
    ) -> Disposable {
        let call = TraceCall.enter("bind(to:)"); defer { call.exit() }
        return map({ $0 as Element? }).bind(to: relays)
    }

    /// Makes each relay accept every element; the funnel of the replay relay forms.
    private func bind(to relays: [ReplayRelay<Element>]) -> Disposable {
        subscribe({ event in
            switch event {
            case .next(let element):
                relays.forEach { $0.accept(element) }
            case .error(let error):
                rxFatalErrorInDebug("Binding error to replay relay: \(error)")
            case .completed:
                break
            }
        })
    }
}
