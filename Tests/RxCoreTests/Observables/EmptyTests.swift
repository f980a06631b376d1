import RxCore
import RxTesting
import XCTest

final class EmptyTests: RxCoreTestCase {
    func testEmpty_CompletesOnSubscribe() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.empty() }

        XCTAssertEqual(res.events, [.completed(200)])
    }

    func testEmpty_MapOverEmpty() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable<Int>.empty().map { $0 * 2 } }

        XCTAssertEqual(res.events, [.completed(200)])
    }
}
