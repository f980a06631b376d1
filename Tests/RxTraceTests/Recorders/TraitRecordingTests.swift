import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// What a trace records for the traits: the user's subscribe line, the subscribe call that
/// owns the subscription, and the operator names and lines user code built them with.
final class TraitRecordingTests: RxTraceTestCase {
    /// Records `body`'s Rx work with a fresh recorder installed, and returns the finished trace.
    private func trace(_ body: () -> Void) throws -> Database {
        let recorder = try InMemoryTraceRecorder()
        Instrumentation.bootstrapInternal(recorder)
        body()
        Instrumentation.bootstrapInternal(nil)
        return try recorder.finish()
    }

    /// The name and line the trace says built the observable `subscription` subscribed to.
    private func assembly(ofSubscription id: Int, in database: Database) throws -> [String] {
        try database.column(
            "SELECT name || ' ' || line FROM object_assembly WHERE object_id = "
                + "(SELECT observable_object_id FROM subscription WHERE id = \(id))"
        )
    }

    func testSingleSubscribe_RecordsTheUsersLineAndItsSubscribeCall() throws {
        var line = 0
        let database = try trace {
            line = #line + 1
            _ = Single.just(1).map { $0 * 2 }.subscribe(onSuccess: { _ in }, onFailure: { _ in })
        }

        let subscription = try XCTUnwrap(try database.rows("SELECT * FROM subscription").first)
        XCTAssertEqual(try database.integer("SELECT count(*) FROM subscription"), 1)
        XCTAssertEqual(subscription.text("file"), "RxTraceTests/TraitRecordingTests.swift")
        XCTAssertEqual(try database.integer("SELECT line FROM subscription"), Int64(line))
        XCTAssertEqual(subscription.text("end_kind"), "completed")
        XCTAssertNotEqual(subscription["disposable_object_id"], .null, "the returned disposable is known")
        XCTAssertEqual(
            try database.column("SELECT name FROM call_flow WHERE id = (SELECT call_id FROM subscription)"),
            ["Single.subscribe(onSuccess:onFailure:onDisposed:)"]
        )
        XCTAssertEqual(try assembly(ofSubscription: 1, in: database), ["map \(line)"])
    }

    func testMaybeAndCompletableSubscribe_RecordTheUsersLines() throws {
        var lines: [Int] = []
        let database = try trace {
            lines.append(#line + 1)
            _ = Maybe<Int>.empty().subscribe(onCompleted: {})
            lines.append(#line + 1)
            _ = Completable.empty().subscribe { _ in }
        }

        XCTAssertEqual(try database.column("SELECT line FROM subscription ORDER BY id"), lines.map { "\($0)" })
        XCTAssertEqual(try database.column("SELECT end_kind FROM subscription ORDER BY id"), ["completed", "completed"])
    }

    func testAndThen_IsAssembledWhereUserCodeCalledIt() throws {
        var line = 0
        let database = try trace {
            line = #line + 1
            let single = Completable.empty().andThen(Single.just(1))
            _ = single.subscribe { _ in }
        }

        XCTAssertEqual(try assembly(ofSubscription: 1, in: database), ["andThen \(line)"])
        XCTAssertEqual(
            try database.integer("SELECT count(*) FROM call_flow WHERE name = 'ConcatCompletableSinkOther.on'"), 2,
            "the second sequence's element and completion pass through its observer"
        )
    }

    func testAsInfallible_IsAssembledUnderItsOwnName() throws {
        var line = 0
        let database = try trace {
            line = #line + 1
            let infallible = Observable<Int>.error(RxError.unknown).asInfallible(onErrorJustReturn: 0)
            _ = infallible.subscribe(onNext: { _ in })
        }

        XCTAssertEqual(try assembly(ofSubscription: 1, in: database), ["asInfallible \(line)"])
        XCTAssertEqual(try database.column("SELECT end_kind FROM subscription"), ["completed"])
    }

    func testAsSingle_IsAssembledWhereUserCodeCalledIt() throws {
        var line = 0
        let database = try trace {
            line = #line + 1
            _ = Observable.of(1, 2).asSingle().subscribe(onFailure: { _ in })
        }

        XCTAssertEqual(try assembly(ofSubscription: 1, in: database), ["asSingle \(line)"])
        XCTAssertEqual(try database.column("SELECT end_kind FROM subscription"), ["error"])
    }
}
