import RxCore
import XCTest

final class DisposablesTests: RxCoreTestCase {
    func testCreate_NoOpDoesNothing() {
        let disposable = Disposables.create()

        disposable.dispose()

        XCTAssertFalse(disposable is Cancelable, "the no-op disposable has no state to report")
    }

    func testCreateWith_RunsActionOnce() {
        var runCount = 0
        let disposable = Disposables.create { runCount += 1 }

        XCTAssertFalse(disposable.isDisposed)
        disposable.dispose()
        disposable.dispose()

        XCTAssertEqual(runCount, 1)
        XCTAssertTrue(disposable.isDisposed)
    }

    func testCreate_TwoDisposesBoth() {
        let first = TestDisposable()
        let second = TestDisposable()
        let disposable = Disposables.create(first, second)

        disposable.dispose()
        disposable.dispose()

        XCTAssertEqual([first.disposeCount, second.disposeCount], [1, 1])
        XCTAssertTrue(disposable.isDisposed)
    }

    func testCreate_ThreeDisposesAllInOrder() {
        var log: [String] = []
        let disposable = Disposables.create(
            NamedDisposable("1") { log.append($0) },
            NamedDisposable("2") { log.append($0) },
            NamedDisposable("3") { log.append($0) }
        )

        disposable.dispose()

        XCTAssertEqual(log, ["1", "2", "3"])
        XCTAssertTrue(disposable is CompositeDisposable)
    }

    func testCreate_VariadicDisposesExtrasFirstAsRxSwiftDoes() {
        var log: [String] = []
        let disposable = Disposables.create(
            NamedDisposable("1") { log.append($0) },
            NamedDisposable("2") { log.append($0) },
            NamedDisposable("3") { log.append($0) },
            NamedDisposable("4") { log.append($0) },
            NamedDisposable("5") { log.append($0) }
        )

        disposable.dispose()

        XCTAssertEqual(log, ["4", "5", "1", "2", "3"])
    }

    func testCreate_ArrayDisposesAllInOrder() {
        var log: [String] = []
        let disposable = Disposables.create(["a", "b", "c"].map { NamedDisposable($0) { log.append($0) } })

        disposable.dispose()
        disposable.dispose()

        XCTAssertEqual(log, ["a", "b", "c"])
    }
}
