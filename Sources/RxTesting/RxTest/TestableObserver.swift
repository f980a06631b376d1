// Mirrors RxSwift's RxTest/TestableObserver.swift.

import RxCore

/// An observer that records every event it receives with the ``TestScheduler``'s clock at
/// that moment.
///
/// Created by ``TestScheduler/createObserver(_:)`` and by ``TestScheduler/start(created:subscribed:disposed:create:)``.
/// It has no stop rule of its own: ``events`` is exactly what the sequence sent.
public final class TestableObserver<Element>: ObserverType {
    private let scheduler: TestScheduler

    /// The events received, each with its virtual time.
    public fileprivate(set) var events = [Recorded<Event<Element>>]()

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// Records `event` at the scheduler's current virtual time.
    public func on(_ event: Event<Element>) {
        events.append(Recorded(time: scheduler.clock, value: event))
    }
}
