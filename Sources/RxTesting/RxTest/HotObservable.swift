// Mirrors RxSwift's RxTest/HotObservable.swift.
// Deviation from RxSwift: the scheduled sends hold the observable weakly, so that events
// still waiting in the scheduler (after `advanceTo`) do not keep the scheduler and the
// observable alive in a cycle; a released observable has no observers, so nothing that would
// have been delivered is lost.

import RxCore

/// A test observable that sends its recorded events at their absolute virtual times,
/// whether anyone is subscribed or not, to whoever is subscribed then.
///
/// Created by ``TestScheduler/createHotObservable(_:)``; it schedules every event on the
/// scheduler when created.
final class HotObservable<Element>: TestableObservable<Element> {
    typealias Observers = Bag<(Event<Element>) -> Void>

    /// The observers subscribed now.
    private var observers = Observers()

    override init(testScheduler: TestScheduler, recordedEvents: [Recorded<Event<Element>>]) {
        super.init(testScheduler: testScheduler, recordedEvents: recordedEvents)
        for recordedEvent in recordedEvents {
            testScheduler.scheduleAt(recordedEvent.time) { [weak self] in
                // swift-format-ignore: ReplaceForEachWithForLoop
                // `Bag` is no `Sequence`: it offers `forEach` only, as RxSwift's does.
                self?.observers.forEach { $0(recordedEvent.value) }
            }
        }
    }

    /// Adds `observer` and records the subscription at the current virtual time; disposing
    /// the result removes it and records the unsubscription time.
    override func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let key = observers.insert(observer.on)
        subscriptions.append(Subscription(testScheduler.clock))
        let index = subscriptions.count - 1
        return Disposables.create {
            let removed = self.observers.removeKey(key)
            assert(removed != nil)
            let existing = self.subscriptions[index]
            self.subscriptions[index] = Subscription(existing.subscribe, self.testScheduler.clock)
        }
    }
}
