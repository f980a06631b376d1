// Mirrors RxSwift's RxRelay/BehaviorRelay.swift: the relays' `asInfallible()`, there and in
// RxRelay/PublishRelay.swift and RxRelay/ReplayRelay.swift; as there, each falls back to an
// empty sequence on an error, which a relay never sends.

import RxCore

extension BehaviorRelay {
    /// The relay as an ``Infallible``: its current value, then every value accepted later.
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }
}

extension PublishRelay {
    /// The relay as an ``Infallible``: the elements accepted after each subscription.
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }
}

extension ReplayRelay {
    /// The relay as an ``Infallible``: the buffered elements, then every element accepted
    /// later.
    public func asInfallible() -> Infallible<Element> {
        asInfallible(onErrorFallbackTo: .empty())
    }
}
