// Mirrors RxSwift's RxTest/ColdObservable.swift.
// Deviation from RxSwift: disposing a subscription also releases its observer from the
// events still waiting in the scheduler (RxSwift only flags it disposed), so that waiting
// events do not keep the observer, and through it the scheduler, alive in a cycle.

import RxCore

/// A test observable that sends its recorded events to each subscriber separately, each at
/// its time offset from that subscription.
///
/// Created by ``TestScheduler/createColdObservable(_:)``; each subscription schedules every
/// event on the scheduler.
final class ColdObservable<Element>: TestableObservable<Element> {
    /// Schedules the recorded events for `observer` relative to now and records the
    /// subscription; disposing the result stops the remaining events and records the
    /// unsubscription time.
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        subscriptions.append(Subscription(testScheduler.clock))
        let index = subscriptions.count - 1
        // The observer until the subscription is disposed; `nil` afterwards.
        var subscribedObserver: Observer? = observer
        for recordedEvent in recordedEvents {
            _ = testScheduler.scheduleRelativeVirtual((), dueTime: recordedEvent.time) { _ in
                subscribedObserver?.on(recordedEvent.value)
                return Disposables.create()
            }
        }
        return Disposables.create {
            subscribedObserver = nil
            let existing = self.subscriptions[index]
            self.subscriptions[index] = Subscription(existing.subscribe, self.testScheduler.clock)
        }
    }
}
