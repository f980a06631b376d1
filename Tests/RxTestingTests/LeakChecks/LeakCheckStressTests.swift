import Foundation
import RxCore
@testable import RxTesting
import Synchronization
import XCTest

/// Runs many leak checks at once, as Swift Testing runs a `@Suite(.rxLeakCheck)`'s tests, on a
/// process where the tracker is not installed yet: every round, the one leaking test must
/// fail and the clean ones beside it must pass.
final class LeakCheckStressTests: RxTestingTestCase {
    /// How many rounds each stress test runs.
    private let rounds = 40
    /// How many tests start at once in a round.
    private let testsPerRound = 8

    func testLeakCheck_ALeakAmongParallelCleanTestsIsCaughtInEveryRound() throws {
        var missed: [Int] = []
        var falseAlarms: [String] = []
        for round in 0..<rounds {
            let leaking = round % testsPerRound
            let leaked = LockedState<PublishSubject<Int>?>(nil)
            let messages = try runTogether(count: testsPerRound) { index in
                let subject = PublishSubject<Int>()
                let subscription = subject.map { $0 + 1 }.subscribe(onNext: { _ in })
                subject.onNext(index)
                if index == leaking {
                    leaked.withLock { $0 = subject }
                } else {
                    subscription.dispose()
                }
            }
            leaked.withLock { $0?.onCompleted() }
            for (index, message) in messages.enumerated() {
                if index == leaking, message?.report.openSubscriptions.count != 1 {
                    missed.append(round)
                } else if index != leaking, let message {
                    falseAlarms.append(message.text)
                }
            }
        }

        XCTAssertEqual(missed, [], "rounds whose leaking test passed")
        XCTAssertEqual(falseAlarms, [], "clean tests that failed")
    }

    func testLeakCheck_InTasksAsSwiftTestingRunsThem_ALeakIsCaughtInEveryRound() async throws {
        var missed: [Int] = []
        var falseAlarms: [String] = []
        for round in 0..<rounds {
            let leaking = round % testsPerRound
            let leaked = LeakedSubject()
            Instrumentation.bootstrapInternal(nil)
            let messages = await withTaskGroup(of: (Int, LeakFailureMessage?).self) { group in
                for index in 0..<testsPerRound {
                    group.addTask {
                        let check = LeakCheck(testName: "StressTests.task\(index)", countsResources: false, retryCount: 0)
                        TraceScope.$current.withValue(check.scope) {
                            let subject = PublishSubject<Int>()
                            let subscription = subject.subscribe(onNext: { _ in })
                            if index == leaking {
                                leaked.subject.withLock { $0 = subject }
                            } else {
                                subscription.dispose()
                            }
                        }
                        return (index, await check.finish())
                    }
                }
                var messages: [Int: LeakFailureMessage?] = [:]
                for await (index, message) in group {
                    messages[index] = message
                }
                return messages
            }
            LeakTracker.installIfNeeded()
            leaked.subject.withLock { $0?.onCompleted() }
            for (index, message) in messages {
                if index == leaking, message?.report.openSubscriptions.count != 1 {
                    missed.append(round)
                } else if index != leaking, let message {
                    falseAlarms.append(message.text)
                }
            }
        }

        XCTAssertEqual(missed, [], "rounds whose leaking test passed")
        XCTAssertEqual(falseAlarms, [], "clean tests that failed")
    }

    /// Starts `count` leak-checked tests on as many threads at the same moment, after taking
    /// the tracker out as a fresh test process has it; returns each test's failure message.
    private func runTogether(count: Int, _ body: @escaping @Sendable (Int) -> Void) throws -> [LeakFailureMessage?] {
        Instrumentation.bootstrapInternal(nil)
        defer { LeakTracker.installIfNeeded() }
        let arrived = Atomic<Int>(0)
        let messages = LockedState([LeakFailureMessage?](repeating: nil, count: count))
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                arrived.add(1, ordering: .acquiringAndReleasing)
                let deadline = ContinuousClock.now + .seconds(5)
                while arrived.load(ordering: .acquiring) < count, ContinuousClock.now < deadline {
                    sched_yield()
                }
                let check = LeakCheck(testName: "StressTests.test\(index)", countsResources: false, retryCount: 0)
                TraceScope.$current.withValue(check.scope) {
                    body(index)
                }
                let message = check.finish()
                messages.withLock { $0[index] = message }
            }
        }
        guard group.wait(timeout: .now() + 30) == .success else {
            throw RoundTimedOut()
        }
        return messages.withLock { $0 }
    }
}

/// A round's threads did not all end within 30 s.
private struct RoundTimedOut: Error {}

/// The leaking test's subject, kept by the stress test until the round's checks are done.
private final class LeakedSubject: Sendable {
    let subject = LockedState<PublishSubject<Int>?>(nil)
}
