import RxCore
import RxTesting
import XCTest

final class NeverTests: RxCoreTestCase {
    func testNever_SendsNothing() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.never() }

        XCTAssertEqual(res.events, [])
    }

    func testNever_OnDisposedRunsOnlyWhenDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        var disposedAt: [Int] = []
        var subscription: Disposable?

        scheduler.scheduleAt(200) {
            subscription = Observable<Int>.never().subscribe(onDisposed: { disposedAt.append(scheduler.clock) })
        }
        scheduler.scheduleAt(300) { subscription?.dispose() }
        scheduler.start()

        XCTAssertEqual(disposedAt, [300])
    }
}
