// Mirrors RxCocoa's RxCocoa/Traits/Driver/BehaviorRelay+Driver.swift.
// Deviation from RxSwift: it lives in RxRelay, since RxCore cannot see the relays (RxTrace has
// no RxCocoa module).

import RxCore

extension BehaviorRelay {
    /// The relay as a ``Driver``: its current value, then every value accepted later, observed
    /// on the main scheduler; it needs no error fallback, since a relay cannot fail.
    public func asDriver() -> Driver<Element> {
        let call = TraceCall.enter("BehaviorRelay.asDriver()"); defer { call.exit() }
        return Driver(asObservable().observe(on: DriverSharingStrategy.scheduler))
    }
}
