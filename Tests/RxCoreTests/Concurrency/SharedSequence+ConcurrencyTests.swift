import RxCore
import RxTesting
import XCTest

/// `values` of a `Driver` or `Signal`, as RxCocoa declares it: a stream read on the main actor
/// that does not throw, since a shared sequence cannot fail.
final class SharedSequenceConcurrencyTests: RxCoreTestCase {
    @MainActor
    func testDriverValues_yieldEveryElementWithoutThrowing_thenEndAsTheDriverCompletes() async {
        let driver = Driver.from([1, 2, 3])

        var received: [Int] = []
        for await element in driver.values {
            received.append(element)
        }

        XCTAssertEqual(received, [1, 2, 3])
    }

    @MainActor
    func testSignalValues_leavingTheLoopEarly_disposesTheSubscription() async {
        let relay = PublishSubject<Int>()
        let disposed = expectation(description: "the subscription is disposed")
        let signal = relay.do(onDispose: { disposed.fulfill() }).asSignal(onErrorJustReturn: 0)
        let sender = Task { @MainActor in
            for value in 1...3 {
                await Task.yield()
                relay.onNext(value)
            }
        }

        var first: Int?
        for await element in signal.values {
            first = element
            break
        }

        await fulfillment(of: [disposed], timeout: 10)
        sender.cancel()
        XCTAssertNotNil(first)
    }
}
