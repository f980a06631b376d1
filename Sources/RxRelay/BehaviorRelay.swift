// Mirrors RxSwift's RxRelay/BehaviorRelay.swift.
// Deviation from RxSwift: `init(value:)` records the relay's subject as assembled by
// `BehaviorRelay` at the user's line; `accept`, `value` and `subscribe` are recorded steps on
// that subject.
// Deviation from RxSwift: the relay is `Sendable` (RxSwift's is not marked), which the compiler
// checks: its one stored property is its subject, and RxCore's subjects are `Sendable`.

import RxCore

/// A ``BehaviorSubject`` that only ever sends elements: it holds a current value, hands it to
/// each new subscriber, and cannot complete or fail.
///
/// ``value`` reads the current value; ``accept(_:)`` replaces it and sends it on. The relay is
/// not a traced object itself; its subject is, named `BehaviorRelay` where it was made.
public final class BehaviorRelay<Element>: ObservableType, Sendable {
    private let subject: BehaviorSubject<Element>

    /// A relay whose current value is `value`.
    public init(value: Element) {
        let call = TraceCall.enter("BehaviorRelay.init"); defer { call.exit() }
        subject = BehaviorSubject(value: value)
        _ = subject.assembled(by: "BehaviorRelay")
    }

    /// Makes `event` the current value and sends it to every current subscriber.
    public func accept(_ event: Element) {
        let call = TraceCall.enterFromUser("BehaviorRelay.accept", on: subject); defer { call.exit() }
        subject.onNext(event)
    }

    /// The current value: the last accepted element, or the initial one.
    public var value: Element {
        let call = TraceCall.enter("BehaviorRelay.value", on: subject); defer { call.exit() }
        // The subject is private to the relay, which never sends it an error, never completes
        // it and never disposes it: `value()` cannot throw.
        return try! subject.value()
    }

    /// Subscribes `observer`: it gets the current value at once, then each accepted element.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("BehaviorRelay.subscribe", on: subject); defer { call.exit() }
        return subject.subscribe(observer)
    }

    /// The relay's subject, as an ``Observable``.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
