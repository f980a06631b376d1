// Mirrors RxCocoa's RxCocoa/Traits/Signal/PublishRelay+Signal.swift.
// Deviation from RxSwift: it lives in RxRelay, since RxCore cannot see the relays (RxTrace has
// no RxCocoa module).

import RxCore

extension PublishRelay {
    /// The relay as a ``Signal``: the elements accepted after each subscription, observed on
    /// the main scheduler; it needs no error fallback, since a relay cannot fail.
    public func asSignal() -> Signal<Element> {
        let call = TraceCall.enter("PublishRelay.asSignal()"); defer { call.exit() }
        return Signal(asObservable().observe(on: SignalSharingStrategy.scheduler))
    }
}
