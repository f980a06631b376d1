import RxCore
import XCTest

final class RefCountDisposableTests: RxCoreTestCase {
    func testRefCountDisposable_NoDependentsDisposesAtOnce() {
        let underlying = TestDisposable()
        let refCount = RefCountDisposable(disposable: underlying)

        refCount.dispose()
        refCount.dispose()

        XCTAssertEqual(underlying.disposeCount, 1)
        XCTAssertTrue(refCount.isDisposed)
    }

    func testRefCountDisposable_WaitsForEveryDependent() {
        let underlying = TestDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        let first = refCount.retain()
        let second = refCount.retain()

        refCount.dispose()
        XCTAssertEqual(underlying.disposeCount, 0)
        first.dispose()
        first.dispose()
        XCTAssertEqual(underlying.disposeCount, 0, "disposing one dependent twice counts once")
        second.dispose()

        XCTAssertEqual(underlying.disposeCount, 1)
        XCTAssertTrue(refCount.isDisposed)
    }

    func testRefCountDisposable_DependentsAloneDoNotDispose() {
        let underlying = TestDisposable()
        let refCount = RefCountDisposable(disposable: underlying)

        refCount.retain().dispose()

        XCTAssertEqual(underlying.disposeCount, 0)
        XCTAssertFalse(refCount.isDisposed)
        refCount.dispose()
        XCTAssertEqual(underlying.disposeCount, 1)
    }

    func testRefCountDisposable_RetainAfterDisposeIsNoOp() {
        let underlying = TestDisposable()
        let refCount = RefCountDisposable(disposable: underlying)
        refCount.dispose()

        let late = refCount.retain()
        late.dispose()

        XCTAssertEqual(underlying.disposeCount, 1)
    }
}
