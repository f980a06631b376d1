import Foundation
import Glibc
@testable import RxTrace
import XCTest

/// ``ReadAhead`` hands the consumer what the producer built, in order, on the calling thread,
/// while the producer runs on a thread of its own; an error on either side ends both and
/// reaches the caller where one thread would have thrown it.
final class ReadAheadTests: RxTraceTestCase {
    private struct Failure: Error, Equatable {
        var name: String
    }

    func testEveryChunk_reachesTheConsumerInOrder_andTheProducersValueIsReturned() throws {
        var consumed: [Int] = []

        let value = try ReadAhead<[Int], String>.run(depth: 2) { deliver in
            for start in stride(from: 0, to: 10_000, by: 10) {
                try deliver(Array(start..<start + 10))
            }
            return "done"
        } consume: { chunk in
            consumed += chunk
        }

        XCTAssertEqual(consumed, Array(0..<10_000))
        XCTAssertEqual(value, "done")
    }

    func testTheProducer_runsOnAnotherThread_andTheConsumerOnTheCallingOne() throws {
        let caller = pthread_self()
        var consumerThreads: [pthread_t] = []

        let producerThread = try ReadAhead<Int, pthread_t>.run(depth: 1) { deliver in
            try deliver(1)
            try deliver(2)
            return pthread_self()
        } consume: { _ in
            consumerThreads.append(pthread_self())
        }

        XCTAssertEqual(consumerThreads.count, 2)
        XCTAssertTrue(consumerThreads.allSatisfy { pthread_equal($0, caller) != 0 })
        XCTAssertEqual(pthread_equal(producerThread, caller), 0, "the producer ran on a thread of its own")
    }

    func testAProducersError_isThrownAfterEveryChunkItDeliveredBefore() throws {
        var consumed: [Int] = []

        XCTAssertThrowsError(
            try ReadAhead<Int, Void>.run(depth: 3) { deliver in
                for value in 0..<10 { try deliver(value) }
                throw Failure(name: "reading")
            } consume: { value in
                consumed.append(value)
            }
        ) { error in
            XCTAssertEqual(error as? Failure, Failure(name: "reading"))
        }
        XCTAssertEqual(consumed, Array(0..<10))
    }

    func testAConsumersError_stopsTheProducer_andIsTheErrorThrown() throws {
        var consumed: [Int] = []
        // Written by the producer's thread; read after `run` returned, which joined it.
        final class Delivered: @unchecked Sendable {
            var count = 0
            var stoppedBy: (any Error)?
        }
        let delivered = Delivered()

        XCTAssertThrowsError(
            try ReadAhead<Int, Void>.run(depth: 2) { deliver in
                do {
                    for value in 0..<1_000_000 {
                        try deliver(value)
                        delivered.count += 1
                    }
                } catch {
                    delivered.stoppedBy = error
                    throw error
                }
            } consume: { value in
                consumed.append(value)
                if value == 3 { throw Failure(name: "printing") }
            }
        ) { error in
            XCTAssertEqual(error as? Failure, Failure(name: "printing"))
        }
        XCTAssertEqual(consumed, [0, 1, 2, 3])
        XCTAssertLessThanOrEqual(delivered.count, 4 + 2 + 1, "the producer stopped within the queue's depth")
        XCTAssertTrue(delivered.stoppedBy is ReadAhead<Int, Void>.Cancelled)
    }

    func testTheSetUp_runsOnTheProducersThread_beforeItProduces() throws {
        let caller = pthread_self()
        // Written by the producer's thread; read after `run` returned, which joined it.
        final class ProducerThread: @unchecked Sendable {
            var setUpThread: pthread_t?
            var steps: [String] = []
        }
        let producer = ProducerThread()

        let producerThread = try ReadAhead<Int, pthread_t>.run(depth: 1) {
            producer.setUpThread = pthread_self()
            producer.steps.append("set up")
        } produce: { deliver in
            producer.steps.append("produce")
            try deliver(1)
            return pthread_self()
        } consume: { _ in
        }

        XCTAssertEqual(producer.steps, ["set up", "produce"])
        let setUpThread = try XCTUnwrap(producer.setUpThread)
        XCTAssertNotEqual(pthread_equal(setUpThread, producerThread), 0, "set up on the thread that produces")
        XCTAssertEqual(pthread_equal(setUpThread, caller), 0, "not on the calling thread")
    }

    func testWhenNoThreadCanBeMade_bothHalvesRunOnTheCallingThread_withTheSameOutcome() throws {
        let caller = pthread_self()
        var consumed: [Int] = []
        var isSetUp = false

        let producerThread = try HelperThread.$isFailingToStartForTesting.withValue(true) {
            try ReadAhead<[Int], pthread_t>.run(depth: 2) {
                isSetUp = true
            } produce: { deliver in
                for start in stride(from: 0, to: 100, by: 10) {
                    try deliver(Array(start..<start + 10))
                }
                return pthread_self()
            } consume: { chunk in
                XCTAssertNotEqual(pthread_equal(pthread_self(), caller), 0, "consumed on the calling thread")
                consumed += chunk
            }
        }

        XCTAssertEqual(consumed, Array(0..<100))
        XCTAssertNotEqual(pthread_equal(producerThread, caller), 0, "produced on the calling thread")
        XCTAssertFalse(isSetUp, "no helper thread to set up")
    }

    func testWhenNoThreadCanBeMade_aConsumersError_isThrownFromTheDeliveryItFailed() throws {
        var deliveries = 0

        XCTAssertThrowsError(
            try HelperThread.$isFailingToStartForTesting.withValue(true) {
                try ReadAhead<String, Void>.run(depth: 2) { deliver in
                    for line in ["first", "second", "third"] {
                        try deliver(line)
                        deliveries += 1
                    }
                } consume: { line in
                    guard line != "second" else { throw Failure(name: "disk full") }
                }
            }
        ) { error in
            XCTAssertEqual(error as? Failure, Failure(name: "disk full"))
        }
        XCTAssertEqual(deliveries, 1, "the producer stopped at the delivery that failed")
    }
}
