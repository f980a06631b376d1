import RxCore
import RxTesting
import XCTest

final class RepeatTests: RxCoreTestCase {
    func testRepeatElement_SendsTheElementOncePerScheduledActionUntilDisposed() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 207) { Observable.repeatElement(42, scheduler: scheduler) }

        XCTAssertEqual(res.events, [
            .next(201, 42), .next(202, 42), .next(203, 42), .next(204, 42), .next(205, 42), .next(206, 42),
        ])
    }

    func testRepeatElement_DefaultScheduler_TakeStopsIt() {
        let recorder = EventRecorder<String>()

        _ = Observable.repeatElement("a").take(3).subscribe(recorder)

        XCTAssertEqual(recorder.events, [.next("a"), .next("a"), .next("a"), .completed])
    }
}
