import Dispatch
import Foundation
@testable import RxCore
import RxTesting
import XCTest

/// A target that logs every value bound to it, and whether it was bound on the main queue.
private final class Target {
    private(set) var values: [Int] = []
    private(set) var boundOnMainQueue: [Bool] = []

    func set(_ value: Int) {
        values.append(value)
        boundOnMainQueue.append(DispatchQueue.isMain)
    }
}

final class BinderTests: RxCoreTestCase {
    func testBinder_BindsEachElementOnceOnItsScheduler() {
        let target = Target()
        let binder = Binder(target, scheduler: CurrentThreadScheduler.instance) { $0.set($1) }

        binder.onNext(1)
        binder.onNext(2)

        XCTAssertEqual(target.values, [1, 2])
    }

    func testBinder_RunsTheBindingOnTheGivenScheduler() {
        let scheduler = TestScheduler(initialClock: 0)
        let target = Target()
        var bindingTimes: [Int] = []
        let binder = Binder(target, scheduler: scheduler) { target, value in
            bindingTimes.append(scheduler.clock)
            target.set(value)
        }
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        var binding: Disposable?

        scheduler.scheduleAt(200) { binding = xs.bind(to: binder) }
        scheduler.scheduleAt(300) { binding?.dispose() }
        scheduler.start()

        XCTAssertEqual(target.values, [1, 2])
        XCTAssertEqual(bindingTimes, [211, 221], "the test scheduler runs what is scheduled now one tick later")
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testBinder_IgnoresCompletion() {
        let target = Target()
        let binder = Binder(target, scheduler: CurrentThreadScheduler.instance) { $0.set($1) }

        binder.onNext(1)
        binder.onCompleted()
        binder.onNext(2)

        XCTAssertEqual(target.values, [1, 2], "a binder has no stop rule of its own")
    }

    func testBinder_AnErrorIsAFatalErrorInDebugAndBindsNothing() {
        let target = Target()
        let binder = Binder(target, scheduler: CurrentThreadScheduler.instance) { $0.set($1) }
        let messages = SynchronizedLog<String>()
        FatalErrorInDebug.intercept = { messages.append($0) }
        defer { FatalErrorInDebug.intercept = nil }

        binder.onError(TestError.boom)

        XCTAssertEqual(messages.values, ["Binding error: boom"])
        XCTAssertEqual(target.values, [])
    }

    func testBinder_DoesNotRetainItsTargetAndDropsElementsOnceItIsGone() {
        var target: Target? = Target()
        weak let released = target
        var bindingCount = 0
        let binder = Binder(target!, scheduler: CurrentThreadScheduler.instance) { target, value in
            bindingCount += 1
            target.set(value)
        }

        binder.onNext(1)
        target = nil
        binder.onNext(2)

        XCTAssertNil(released)
        XCTAssertEqual(bindingCount, 1)
    }

    func testBinder_AsObserverForwardsEveryElement() {
        let target = Target()
        let observer = Binder(target, scheduler: CurrentThreadScheduler.instance) { $0.set($1) }.asObserver()

        let binding = Observable.of(1, 2, 3).subscribe(observer)

        XCTAssertEqual(target.values, [1, 2, 3])
        binding.dispose()
    }

    func testBinder_ByDefaultBindsAtOnceWhenTheElementArrivesOnTheMainQueue() {
        let target = Target()
        let binder = Binder(target) { $0.set($1) }

        binder.onNext(1)

        XCTAssertEqual(target.values, [1])
        XCTAssertEqual(target.boundOnMainQueue, [true])
    }

    func testBinder_ByDefaultBindsOnTheMainQueueWhenTheElementArrivesElsewhere() {
        let target = Target()
        let bound = expectation(description: "bound on the main queue")
        let binder = Binder(target) { target, value in
            target.set(value)
            bound.fulfill()
        }
        let sent = DispatchSemaphore(value: 0)

        // The binder is used on one queue at a time: sent from the background queue, bound
        // on the main queue, read here once the main queue ran the binding.
        nonisolated(unsafe) let unsafeBinder = binder
        DispatchQueue.global().async {
            unsafeBinder.onNext(7)
            sent.signal()
        }
        waitForSignal(of: sent)
        XCTAssertEqual(target.values, [], "the main thread is here, so the binding waits in the main queue")
        wait(for: [bound], timeout: 5)

        XCTAssertEqual(target.values, [7])
        XCTAssertEqual(target.boundOnMainQueue, [true])
    }

    func testBinder_BindsOnTheQueueOfTheSchedulerItWasGiven() {
        let bound = expectation(description: "bound on a background queue")
        let boundOnMainQueue = SynchronizedLog<Bool>()
        let target = Target()
        let binder = Binder(target, scheduler: ConcurrentDispatchQueueScheduler(qos: .default)) { (_, _: Int) in
            boundOnMainQueue.append(DispatchQueue.isMain)
            bound.fulfill()
        }

        binder.onNext(1)
        wait(for: [bound], timeout: 5)

        XCTAssertEqual(boundOnMainQueue.values, [false])
    }
}
