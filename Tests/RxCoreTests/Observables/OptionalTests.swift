import RxCore
import RxTesting
import XCTest

final class OptionalTests: RxCoreTestCase {
    func testFromOptional_SomeSendsElementThenCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(optional: 7) }

        XCTAssertEqual(res.events, [.next(200, 7), .completed(200)])
    }

    func testFromOptional_NoneCompletes() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.from(optional: nil) }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testFromOptionalScheduler_SomeSendsElementThenCompletesInTwoSteps() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.from(optional: 7, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 7), .completed(202)])
    }

    func testFromOptionalScheduler_NoneCompletesInOneStep() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.from(optional: nil, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.completed(201)])
    }

    func testFromOptionalScheduler_DisposeBeforeTheFirstStep() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start(disposed: 201) { Observable.from(optional: 7, scheduler: scheduler) }

        XCTAssertEqual(res.events, [])
    }
}
