import RxCore
import XCTest

final class BooleanDisposableTests: RxCoreTestCase {
    func testBooleanDisposable_StartsNotDisposed() {
        XCTAssertFalse(BooleanDisposable().isDisposed)
    }

    func testBooleanDisposable_DisposeSetsTheFlagOnce() {
        let disposable = BooleanDisposable()

        disposable.dispose()
        disposable.dispose()

        XCTAssertTrue(disposable.isDisposed)
    }

    func testBooleanDisposable_CanStartDisposed() {
        XCTAssertTrue(BooleanDisposable(isDisposed: true).isDisposed)
        XCTAssertFalse(BooleanDisposable(isDisposed: false).isDisposed)
    }
}
