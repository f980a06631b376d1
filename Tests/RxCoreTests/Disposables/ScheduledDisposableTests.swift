import RxCore
import RxTesting
import XCTest

final class ScheduledDisposableTests: RxCoreTestCase {
    func testDispose_DisposesTheWrappedDisposableOnlyWhenTheSchedulerRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = TestDisposable()
        let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: inner)

        scheduled.dispose()
        XCTAssertEqual(inner.disposeCount, 0)
        XCTAssertFalse(scheduled.isDisposed)

        scheduler.start()

        XCTAssertEqual(inner.disposeCount, 1)
        XCTAssertTrue(scheduled.isDisposed)
        XCTAssertTrue(scheduled.scheduler is TestScheduler)
    }

    func testDispose_Twice_DisposesTheWrappedDisposableOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let inner = TestDisposable()
        let scheduled = ScheduledDisposable(scheduler: scheduler, disposable: inner)

        scheduled.dispose()
        scheduled.dispose()
        scheduler.start()
        scheduled.dispose()
        scheduler.start()

        XCTAssertEqual(inner.disposeCount, 1)
    }

    func testDispose_RunsOnTheSchedulersQueue() {
        let scheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "rxcore.tests.dispose") { queue in
            QueueName.mark(queue, as: "dispose")
        }
        let queues = SynchronizedLog<String?>()
        let scheduled = ScheduledDisposable(
            scheduler: scheduler, disposable: Disposables.create { queues.append(QueueName.current) }
        )

        scheduled.dispose()
        waitForQueuedWork(on: scheduler)

        XCTAssertEqual(queues.values, ["dispose"])
        XCTAssertTrue(scheduled.isDisposed)
    }
}
