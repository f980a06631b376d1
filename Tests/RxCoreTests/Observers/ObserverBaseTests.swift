@testable import RxCore
import XCTest

final class ObserverBaseTests: RxCoreTestCase {
    func testObserverBase_ForwardsElementsUntilCompleted() {
        var received: [TestEvent<Int>] = []
        let observer = AnonymousObserver<Int> { received.append(TestEvent($0)) }

        observer.on(.next(1))
        observer.on(.next(2))
        observer.on(.completed)

        XCTAssertEqual(received, [.next(1), .next(2), .completed])
    }

    func testObserverBase_DropsEverythingAfterCompleted() {
        var received: [TestEvent<Int>] = []
        let observer = AnonymousObserver<Int> { received.append(TestEvent($0)) }

        observer.on(.completed)
        observer.on(.next(1))
        observer.on(.error(TestError.boom))
        observer.on(.completed)

        XCTAssertEqual(received, [.completed])
    }

    func testObserverBase_DropsEverythingAfterError() {
        var received: [TestEvent<Int>] = []
        let observer = AnonymousObserver<Int> { received.append(TestEvent($0)) }

        observer.on(.next(1))
        observer.on(.error(TestError.boom))
        observer.on(.next(2))
        observer.on(.completed)

        XCTAssertEqual(received, [.next(1), .error(.boom)])
    }

    func testObserverBase_DropsEverythingAfterDispose() {
        var received: [TestEvent<Int>] = []
        let observer = AnonymousObserver<Int> { received.append(TestEvent($0)) }

        observer.on(.next(1))
        observer.dispose()
        observer.on(.next(2))
        observer.on(.completed)

        XCTAssertEqual(received, [.next(1)])
    }
}
