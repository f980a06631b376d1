// Mirrors RxSwift's RxRelay/ReplayRelay.swift.
// Deviation from RxSwift: `create(bufferSize:)` and `createUnbound()` record the relay's subject
// as assembled at the user's line; `accept` and `subscribe` are recorded steps on that subject.
// Deviation from RxSwift: the relay is `Sendable` (RxSwift's is not marked), which the compiler
// checks: its one stored property is its subject, and RxCore's subjects are `Sendable`.

import RxCore

/// A ``ReplaySubject`` that only ever sends elements: it replays its buffer to each new
/// subscriber and cannot complete or fail.
///
/// Made with ``create(bufferSize:)`` or ``createUnbound()``. The relay is
/// not a traced object itself; its subject is, named after the factory where it was made.
public final class ReplayRelay<Element>: ObservableType, Sendable {
    private let subject: ReplaySubject<Element>

    private init(subject: ReplaySubject<Element>) {
        self.subject = subject
    }

    /// A relay that replays at most the last `bufferSize` accepted elements to each new
    /// subscriber.
    public static func create(
        bufferSize: Int
    ) -> ReplayRelay<Element> {
        let call = TraceCall.enter("ReplayRelay.create"); defer { call.exit() }
        let subject = ReplaySubject<Element>.create(bufferSize: bufferSize)
        _ = subject.assembled(by: "ReplayRelay.create")
        return ReplayRelay(subject: subject)
    }

    /// A relay that replays every accepted element to each new subscriber.
    ///
    /// Its buffer only grows: use it where the number of elements stays reasonable.
    public static func createUnbound() -> ReplayRelay<Element> {
        let call = TraceCall.enter("ReplayRelay.createUnbound"); defer { call.exit() }
        let subject = ReplaySubject<Element>.createUnbounded()
        _ = subject.assembled(by: "ReplayRelay.createUnbound")
        return ReplayRelay(subject: subject)
    }

    /// Adds `event` to the buffer and sends it to every current subscriber.
    public func accept(_ event: Element) {
        let call = TraceCall.enterFromUser("ReplayRelay.accept", on: subject); defer { call.exit() }
        subject.onNext(event)
    }

    /// Subscribes `observer`: it gets the buffered elements at once, then each accepted one.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let call = TraceCall.enter("ReplayRelay.subscribe", on: subject); defer { call.exit() }
        return subject.subscribe(observer)
    }

    /// The relay's subject, as an ``Observable``.
    public func asObservable() -> Observable<Element> {
        subject.asObservable()
    }
}
