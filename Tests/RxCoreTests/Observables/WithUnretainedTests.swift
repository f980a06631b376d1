import RxCore
import RxTesting
import XCTest

/// An object to pass along unretained.
private final class Owner {
    let name: String

    init(name: String) {
        self.name = name
    }
}

final class WithUnretainedTests: RxCoreTestCase {
    func testWithUnretained_PairsEachElementWithTheObject() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "owner")
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(220, 3), .completed(250)])

        let res = scheduler.start { xs.withUnretained(owner).map { "\($0.0.name) \($0.1)" } }

        XCTAssertEqual(res.events, [.next(210, "owner 2"), .next(220, "owner 3"), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testWithUnretained_ResultSelector_IsCalledOncePerElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "owner")
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .completed(250)])
        var selectorCalls = 0

        let res = scheduler.start {
            xs.withUnretained(owner) { (object: Owner, element: Int) -> String in
                selectorCalls += 1
                return "\(object.name) \(element)"
            }
        }

        XCTAssertEqual(res.events, [.next(210, "owner 2"), .next(220, "owner 3"), .completed(250)])
        XCTAssertEqual(selectorCalls, 2)
    }

    func testWithUnretained_DoesNotRetainTheObject() {
        var owner: Owner? = Owner(name: "owner")
        weak let weakOwner = owner
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<String>()

        let subscription = subject.withUnretained(owner!).map { "\($0.0.name) \($0.1)" }.subscribe(recorder)
        subject.on(.next(1))
        owner = nil

        XCTAssertNil(weakOwner)
        XCTAssertEqual(recorder.events, [.next("owner 1")])
        subscription.dispose()
    }

    func testWithUnretained_ObjectGone_CompletesAtTheNextElementAndUnsubscribes() {
        let scheduler = TestScheduler(initialClock: 0)
        var owner: Owner? = Owner(name: "owner")
        let xs = scheduler.createHotObservable([.next(210, 2), .next(220, 3), .next(240, 4), .completed(300)])
        var selectorCalls = 0

        scheduler.scheduleAt(215) { owner = nil }
        let res = scheduler.start {
            xs.withUnretained(owner!) { (object: Owner, element: Int) -> String in
                selectorCalls += 1
                return "\(object.name) \(element)"
            }
        }

        XCTAssertEqual(res.events, [.next(210, "owner 2"), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(selectorCalls, 1)
    }

    func testWithUnretained_Error() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "owner")
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, TestError.boom)])

        let res = scheduler.start { xs.withUnretained(owner).map { $0.1 } }

        XCTAssertEqual(res.events, [.next(210, 2), .error(250, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testWithUnretained_Dispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let owner = Owner(name: "owner")
        let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 3), .completed(300)])

        let res = scheduler.start(disposed: 240) { xs.withUnretained(owner).map { $0.1 } }

        XCTAssertEqual(res.events, [.next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 240)])
    }

    func testResultSelector_TakesTheObjectAndTheElementAsTwoParameters_SoANamedFunctionFits() {
        final class Prefix { let text = "#" }
        func label(_ prefix: Prefix, _ element: Int) -> String { prefix.text + String(element) }
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(220)])
        let prefix = Prefix()

        let res = scheduler.start { xs.withUnretained(prefix, resultSelector: label) }

        XCTAssertEqual(res.events, [.next(210, "#1"), .completed(220)])
    }
}
