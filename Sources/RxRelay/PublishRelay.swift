// Mirrors RxSwift's RxRelay/PublishRelay.swift.
// Deviation from RxSwift: `init` records the relay's subject as assembled by `PublishRelay` at the
// user's line; `accept` and `subscribe` are recorded steps on that subject.
// Deviation from RxSwift: the relay is `Sendable` (RxSwift's is not marked), which the compiler
// checks: its one stored property is its subject, and RxCore's subjects are `Sendable`.

import RxCore

/// A ``PublishSubject`` that only ever sends elements: it cannot complete or fail, so its
/// subscribers stay subscribed until they dispose.
///
/// Subscribers get the elements accepted after they subscribed. The relay is not a traced
/// object itself; its subject is, named `PublishRelay` where it was made.
public final class PublishRelay<Element>: ObservableType, Sendable {
    private let subject: PublishSubject<Element>

    /// A relay with no subscribers.
    public init() {
        let call = TraceCall.enter("PublishRelay.init"); defer { call.exit() }
        subject = PublishSubject()
        _ = subject.assembled(by: "PublishRelay")
    }

    /// Sends `event` to every current subscriber.
    public func accept(_ event: Element) {
        let call = TraceCall.enterFromUser("PublishRelay.accept", on: subject); defer { call.exit() }
        subject.onNext(event)
    }

    /// Subscribes `observer` to the elements accepted from now on.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("PublishRelay.subscribe", on: subject); defer { call.exit() }
        return subject.subscribe(observer)
    }

    /// The relay's subject, as an ``Observable``.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
