import RxCore
import XCTest

final class CompositeDisposableTests: RxCoreTestCase {
    func testCompositeDisposable_DisposesAllMembersInInsertionOrder() {
        var log: [String] = []
        let composite = CompositeDisposable(
            NamedDisposable("first") { log.append($0) },
            NamedDisposable("second") { log.append($0) }
        )
        _ = composite.insert(NamedDisposable("third") { log.append($0) })

        composite.dispose()

        XCTAssertEqual(log, ["first", "second", "third"])
        XCTAssertTrue(composite.isDisposed)
    }

    func testCompositeDisposable_DisposeIsIdempotent() {
        let member = TestDisposable()
        let composite = CompositeDisposable(disposables: [member])

        composite.dispose()
        composite.dispose()

        XCTAssertEqual(member.disposeCount, 1)
    }

    func testCompositeDisposable_InsertAfterDisposeDisposesAtOnceAndReturnsNil() {
        let composite = CompositeDisposable()
        composite.dispose()
        let late = TestDisposable()

        let key = composite.insert(late)

        XCTAssertNil(key)
        XCTAssertEqual(late.disposeCount, 1)
    }

    func testCompositeDisposable_RemoveDisposesOnlyThatMember() {
        let kept = TestDisposable()
        let removed = TestDisposable()
        let composite = CompositeDisposable()
        _ = composite.insert(kept)
        let key = composite.insert(removed)!

        composite.remove(for: key)

        XCTAssertEqual(removed.disposeCount, 1)
        XCTAssertEqual(kept.disposeCount, 0)
        XCTAssertEqual(composite.count, 1)
        composite.dispose()
        XCTAssertEqual(removed.disposeCount, 1, "a removed member is not disposed again")
        XCTAssertEqual(kept.disposeCount, 1)
    }

    func testCompositeDisposable_CountIsZeroAfterDispose() {
        let composite = CompositeDisposable(TestDisposable(), TestDisposable(), TestDisposable())
        XCTAssertEqual(composite.count, 3)

        composite.dispose()

        XCTAssertEqual(composite.count, 0)
    }

    func testCompositeDisposable_FourOrMoreMembers() {
        let members = (0..<5).map { _ in TestDisposable() }
        let composite = CompositeDisposable(members[0], members[1], members[2], members[3], members[4])

        composite.dispose()

        XCTAssertEqual(members.map(\.disposeCount), [1, 1, 1, 1, 1])
    }
}
