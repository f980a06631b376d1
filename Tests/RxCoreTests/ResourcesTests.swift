import RxCore
import RxTesting
import XCTest

/// `Resources`, as RxSwift's `TRACE_RESOURCES` builds declare it: `total` and the two counters
/// that RxSwift's own `Resources.incrementTotal()`/`decrementTotal()` callers use.
final class ResourcesTests: RxCoreTestCase {
    func testIncrementAndDecrementTotal_ReturnTheNewTotal() {
        let before = Resources.total

        let incremented = Resources.incrementTotal()
        let decremented = Resources.decrementTotal()

        XCTAssertEqual(incremented, before + 1)
        XCTAssertEqual(decremented, before)
        XCTAssertEqual(Resources.total, before)
    }

    func testTotal_CountsALiveObservableUntilItIsReleased() {
        let before = Resources.total
        var observable: Observable<Int>? = Observable.just(1)

        XCTAssertGreaterThan(Resources.total, before)
        observable = nil

        XCTAssertNil(observable)
        XCTAssertEqual(Resources.total, before)
    }
}
