// Mirrors RxSwift's RxTest/TestableObservable.swift.

import RxCore

/// An observable that sends recorded events at virtual times and records when observers
/// subscribed and unsubscribed.
///
/// ``TestScheduler/createHotObservable(_:)`` and ``TestScheduler/createColdObservable(_:)``
/// create the two kinds. It is an ``ObservableType`` but not an `Observable` subclass, so, as
/// in RxSwift, it is not counted in `Resources.total`; `asObservable()` wraps it.
public class TestableObservable<Element>: ObservableType {
    /// The subscriptions so far, in subscription order, with their virtual times.
    public internal(set) var subscriptions: [Subscription]

    /// The events this observable sends: at absolute virtual times for a hot observable, at
    /// offsets from each subscription for a cold one.
    public internal(set) var recordedEvents: [Recorded<Event<Element>>]

    /// The scheduler whose clock times the events and subscriptions.
    let testScheduler: TestScheduler

    init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        self.testScheduler = testScheduler
        self.recordedEvents = recordedEvents
        self.subscriptions = []
    }

    /// Subscribes `observer`; the hot and cold subclasses implement it.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        fatalError("Abstract method")
    }
}
