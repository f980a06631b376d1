import RxCore
import XCTest

final class NeverTests: RxCoreTestCase {
    func testNever_SendsNothing() {
        let recorder = EventRecorder<Int>()

        let subscription = Observable<Int>.never().subscribe(recorder)
        subscription.dispose()

        XCTAssertEqual(recorder.events, [])
    }

    func testNever_OnDisposedRunsOnlyWhenDisposed() {
        var isDisposed = false

        let subscription = Observable<Int>.never().subscribe(onDisposed: { isDisposed = true })
        XCTAssertFalse(isDisposed)
        subscription.dispose()

        XCTAssertTrue(isDisposed)
    }
}
