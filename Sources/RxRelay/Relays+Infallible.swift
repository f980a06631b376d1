// Mirrors RxSwift's RxRelay/Relays+Infallible.swift.

import RxCore

extension BehaviorRelay {
    /// The relay as an ``Infallible``: its current value, then every value accepted later.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension PublishRelay {
    /// The relay as an ``Infallible``: the elements accepted after each subscription.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}

extension ReplayRelay {
    /// The relay as an ``Infallible``: the buffered elements, then every element accepted
    /// later.
    public func asInfallible() -> Infallible<Element> {
        Infallible(asObservable())
    }
}
