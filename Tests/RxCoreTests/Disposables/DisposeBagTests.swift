import RxCore
import XCTest

final class DisposeBagTests: RxCoreTestCase {
    func testDisposeBag_DisposesEverythingOnDeinit() {
        let first = TestDisposable()
        let second = TestDisposable()
        var bag: DisposeBag? = DisposeBag()
        bag?.insert(first)
        second.disposed(by: bag!)

        XCTAssertEqual([first.disposeCount, second.disposeCount], [0, 0], "a bag disposes only in deinit")
        bag = nil

        XCTAssertEqual([first.disposeCount, second.disposeCount], [1, 1])
    }

    func testDisposeBag_EndsSubscriptionsOnDeinit() {
        let subject = PublishSubject<Int>()
        var received: [Int] = []
        var bag: DisposeBag? = DisposeBag()
        subject.subscribe(onNext: { received.append($0) }).disposed(by: bag!)

        subject.onNext(1)
        bag = nil
        subject.onNext(2)

        XCTAssertEqual(received, [1])
        XCTAssertFalse(subject.hasObservers)
    }

    func testDisposeBag_InsertForms() {
        let members = (0..<6).map { _ in TestDisposable() }
        var bag: DisposeBag? = DisposeBag()

        bag?.insert(members[0], members[1])
        bag?.insert([members[2]])
        bag?.insert {
            members[3]
            members[4]
        }
        bag?.insert(members[5])
        bag = nil

        XCTAssertEqual(members.map(\.disposeCount), [1, 1, 1, 1, 1, 1])
    }

    func testDisposeBag_InitForms() {
        let members = (0..<4).map { _ in TestDisposable() }

        _ = DisposeBag(disposing: members[0])
        _ = DisposeBag(disposing: [members[1]])
        _ = DisposeBag {
            members[2]
            members[3]
        }

        XCTAssertEqual(members.map(\.disposeCount), [1, 1, 1, 1])
    }
}
