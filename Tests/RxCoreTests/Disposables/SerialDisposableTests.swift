import RxCore
import XCTest

final class SerialDisposableTests: RxCoreTestCase {
    func testSerialDisposable_SettingDisposesThePrevious() {
        let serial = SerialDisposable()
        let first = TestDisposable()
        let second = TestDisposable()

        serial.disposable = first
        serial.disposable = second

        XCTAssertEqual(first.disposeCount, 1)
        XCTAssertEqual(second.disposeCount, 0)
        serial.dispose()
        XCTAssertEqual(second.disposeCount, 1)
    }

    func testSerialDisposable_SettingAfterDisposeDisposesTheNewOne() {
        let serial = SerialDisposable()
        serial.dispose()
        let late = TestDisposable()

        serial.disposable = late

        XCTAssertEqual(late.disposeCount, 1)
        XCTAssertTrue(serial.isDisposed)
    }

    func testSerialDisposable_DisposeIsIdempotent() {
        let serial = SerialDisposable()
        let current = TestDisposable()
        serial.disposable = current

        serial.dispose()
        serial.dispose()

        XCTAssertEqual(current.disposeCount, 1)
    }

    func testSerialDisposable_GetterReturnsCurrent() {
        let serial = SerialDisposable()
        let current = TestDisposable()

        serial.disposable = current

        XCTAssertTrue(serial.disposable as? TestDisposable === current)
        serial.dispose()
        XCTAssertFalse(serial.disposable is TestDisposable, "after dispose the getter returns the no-op disposable")
    }
}
