@testable import RxCore
import XCTest

final class PriorityQueueTests: RxCoreTestCase {
    private func makeQueue() -> PriorityQueue<Int> {
        PriorityQueue(hasHigherPriority: { $0 < $1 }, isEqual: { $0 == $1 })
    }

    func testPriorityQueue_DequeuesInPriorityOrder() {
        var queue = makeQueue()
        for element in [5, 1, 9, 3, 7, 2, 8] {
            queue.enqueue(element)
        }

        var dequeued: [Int] = []
        while let element = queue.dequeue() {
            dequeued.append(element)
        }

        XCTAssertEqual(dequeued, [1, 2, 3, 5, 7, 8, 9])
        XCTAssertTrue(queue.isEmpty)
    }

    func testPriorityQueue_RemoveFromTheMiddleKeepsTheOrder() {
        var queue = makeQueue()
        for element in 0..<20 {
            queue.enqueue((element * 7) % 20)
        }
        queue.remove(6)
        queue.remove(0)
        queue.remove(19)
        queue.remove(42)

        var dequeued: [Int] = []
        while let element = queue.dequeue() {
            dequeued.append(element)
        }

        XCTAssertEqual(dequeued, (1..<19).filter { $0 != 6 })
    }

    func testPriorityQueue_PeekIsTheHighestPriority() {
        var queue = makeQueue()
        XCTAssertNil(queue.peek())
        queue.enqueue(4)
        queue.enqueue(2)

        XCTAssertEqual(queue.peek(), 2)
    }
}
