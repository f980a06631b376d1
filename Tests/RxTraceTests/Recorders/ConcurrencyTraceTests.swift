import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// What a trace shows where an observable meets Swift concurrency: the subscribe that
/// `values` makes, each element handed to the stream, and the task that
/// `AsyncSequence.asObservable()` starts.
final class ConcurrencyTraceTests: RxTraceTestCase {
    func testValues_RecordsTheCallersSubscribeLine_AndEachElementHandedToTheStream() async throws {
        var subscribeLine = 0
        let reader = try await recordedAsyncTrace {
            let observable = Observable.from([1, 2])
            var received: [Int] = []
            subscribeLine = #line + 1
            for try await element in observable.values {
                received.append(element)
            }
            XCTAssertEqual(received, [1, 2])
        }
        let database = reader.database

        let subscriptions = try database.rows("SELECT file, line, end_kind FROM subscription")
        XCTAssertEqual(subscriptions.count, 1)
        XCTAssertEqual(subscriptions.first?.text("file"), "RxTraceTests/ConcurrencyTraceTests.swift")
        XCTAssertEqual(subscriptions.first?.integer("line"), Int64(subscribeLine))
        XCTAssertEqual(subscriptions.first?.text("end_kind"), "completed")

        // Each event reaches the stream as a step on the `ObservableValues` object, inside the
        // subscribe that `values` made.
        let steps = try database.rows("""
            SELECT name, detail, type_name FROM call_flow
            WHERE name LIKE 'ObservableValues.%' ORDER BY id
            """)
        XCTAssertEqual(
            steps.map { "\($0.text("name") ?? "") \($0.text("detail") ?? "-")" },
            [
                "ObservableValues.yield next(1)",
                "ObservableValues.yield next(2)",
                "ObservableValues.finish completed",
                "ObservableValues.disposed -",
            ]
        )
        XCTAssertTrue(steps.allSatisfy { $0.text("type_name")?.hasPrefix("ObservableValues<") == true })
        let enclosing = try ancestors(ofFirst: "ObservableValues.yield", in: database)
        XCTAssertEqual(enclosing.last, "values")
        XCTAssertTrue(enclosing.contains("subscribe(onNext:onError:onCompleted:onDisposed:)"), "\(enclosing)")
    }

    func testValuesProperty_RecordsTheUsersLine_FromTheCapturedStack() async throws {
        var subscribeLine = 0
        let reader = try await recordedAsyncTrace {
            let observable = Observable.just(1)
            subscribeLine = #line + 1
            for try await _ in observable.values {}
        }

        let sites = try reader.database.rows("SELECT file, line FROM subscription")
        XCTAssertEqual(sites.map { $0.text("file") }, ["RxTraceTests/ConcurrencyTraceTests.swift"])
        XCTAssertEqual(sites.map { $0.integer("line") }, [Int64(subscribeLine)])
    }

    func testMaybeValueProperty_SubscribesInsideAContinuation_WhoseStackEndsAtTheTask_AndNamesNoLine() async throws {
        let reader = try await recordedAsyncTrace {
            _ = try await Maybe.just(1).value
        }

        // The subscribe runs in `withCheckedThrowingContinuation`'s closure: the frame walk stops
        // at the async frame below it, before any frame of the user's.
        let sites = try reader.database.rows("SELECT file, line, caller_stack_id FROM subscription")
        XCTAssertEqual(sites.map { $0.text("file") }, [""])
        XCTAssertEqual(sites.map { $0.integer("line") }, [0])
        XCTAssertNotNil(sites.first?.integer("caller_stack_id"))
    }

    func testValues_CancelledTask_EndsTheSubscriptionByDisposal() async throws {
        var subscribeLine = 0
        let reader = try await recordedAsyncTrace {
            let subscribed = expectation(description: "the stream subscribed")
            let ended = expectation(description: "the loop ended")
            let line = SynchronizedValue(0)
            let task = Task {
                let observable = Observable<Int>.never().do(onSubscribed: { subscribed.fulfill() })
                defer { ended.fulfill() }
                line.set(#line + 1)
                for try await _ in observable.values {}
            }
            await fulfillment(of: [subscribed], timeout: 5)
            task.cancel()
            await fulfillment(of: [ended], timeout: 5)
            subscribeLine = line.value
        }
        let database = reader.database

        let subscriptions = try database.rows("SELECT line, end_kind FROM subscription")
        XCTAssertEqual(subscriptions.count, 1)
        XCTAssertEqual(subscriptions.first?.integer("line"), Int64(subscribeLine))
        XCTAssertEqual(subscriptions.first?.text("end_kind"), "disposed")
        XCTAssertEqual(try database.column("SELECT name FROM call_flow WHERE name LIKE 'ObservableValues.%'"), [
            "ObservableValues.disposed"
        ])
    }

    func testAsObservable_RecordsItsAssembly_TheTaskStart_AndEachElementTheTaskForwards() async throws {
        var assemblyLine = 0
        let resourcesAtStart = Resources.total
        let reader = try await recordedAsyncTrace {
            do {
                let stream = AsyncStream<Int> { continuation in
                    continuation.yield(1)
                    continuation.yield(2)
                    continuation.finish()
                }
                assemblyLine = #line + 1
                let observable = stream.asObservable()
                var received: [Int] = []
                for try await element in observable.values {
                    received.append(element)
                }
                XCTAssertEqual(received, [1, 2])
            }
            // The task's last steps exit after the consumer saw the end; its objects are
            // released only once it returned.
            try await waitUntilResourcesTotal(is: resourcesAtStart)
        }
        let database = reader.database

        let assemblies = try database.rows("SELECT name, file, line FROM assembly WHERE name = 'asObservable'")
        XCTAssertEqual(assemblies.count, 1)
        XCTAssertEqual(assemblies.first?.text("file"), "RxTraceTests/ConcurrencyTraceTests.swift")
        XCTAssertEqual(assemblies.first?.integer("line"), Int64(assemblyLine))

        let run = try XCTUnwrap(try database.rows("""
            SELECT object_id, thread_name FROM call_flow WHERE name = 'TaskSink.run'
            """).first)
        let enclosingRun = try ancestors(ofFirst: "TaskSink.run", in: database)
        XCTAssertEqual(enclosingRun.last, "values")
        XCTAssertTrue(enclosingRun.contains("subscribe(onNext:onError:onCompleted:onDisposed:)"), "\(enclosingRun)")

        // On the task's thread, each step of the sink starts a flow of its own, on the sink
        // that `TaskSink.run` started.
        let taskSteps = try database.rows("""
            SELECT name, detail, object_id, parent_id FROM call_flow
            WHERE name IN ('TaskSink.next', 'TaskSink.finish') ORDER BY id
            """)
        XCTAssertEqual(
            taskSteps.map { "\($0.text("name") ?? "") \($0.text("detail") ?? "-")" },
            ["TaskSink.next next(1)", "TaskSink.next next(2)", "TaskSink.finish completed"]
        )
        XCTAssertTrue(taskSteps.allSatisfy { $0.integer("object_id") == run.integer("object_id") })
        XCTAssertTrue(taskSteps.allSatisfy { $0.integer("parent_id") == nil })
        XCTAssertEqual(
            try ancestors(ofFirst: "ObservableValues.yield", in: database).last,
            "TaskSink.next",
            "the element crosses into the stream inside the task's step"
        )
        XCTAssertEqual(try database.integer("SELECT count(*) FROM call WHERE dur IS NULL"), 0)
    }

    // MARK: - Helpers

    /// Runs `body` with a fresh in-memory recorder installed and returns a reader over the
    /// finished trace.
    private func recordedAsyncTrace(_ body: () async throws -> Void) async throws -> TraceReader {
        let recorder = try InMemoryTraceRecorder()
        Instrumentation.bootstrapInternal(recorder)
        defer { Instrumentation.bootstrapInternal(nil) }
        try await body()
        Instrumentation.bootstrapInternal(nil)
        return try TraceReader(database: recorder.finish())
    }

    /// The step names enclosing the first call of step `name`, innermost first, the top-level
    /// step last.
    private func ancestors(ofFirst name: String, in database: Database) throws -> [String] {
        try database.column("""
            WITH RECURSIVE chain(id, parent_id, depth) AS (
                SELECT id, parent_id, 0 FROM call_flow WHERE name = '\(name)'
                    AND id = (SELECT min(id) FROM call_flow WHERE name = '\(name)')
                UNION ALL
                SELECT call.id, call.parent_id, chain.depth + 1
                FROM call JOIN chain ON call.id = chain.parent_id
            )
            SELECT call_flow.name FROM chain JOIN call_flow ON call_flow.id = chain.id
            WHERE chain.depth > 0
            ORDER BY chain.depth
            """)
    }

    /// Waits, up to five seconds, until `Resources.total` is back at `total`.
    private func waitUntilResourcesTotal(is total: Int32) async throws {
        for _ in 0..<5_000 where Resources.total != total {
            try await Task.sleep(for: .milliseconds(1))
        }
        XCTAssertEqual(Resources.total, total, "the task's objects were not released within five seconds")
    }
}

/// A value one task sets and another reads after waiting for it.
private final class SynchronizedValue<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var storedValue: Value

    init(_ value: Value) {
        self.storedValue = value
    }

    func set(_ value: Value) {
        lock.withLock { storedValue = value }
    }

    var value: Value {
        lock.withLock { storedValue }
    }
}
