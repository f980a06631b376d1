import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// TraceReader reads the traces this build writes and the older versions it promises to read.
final class TraceReaderTests: RxTraceTestCase {
    func testObjects_carryWhereUserCodeBuiltThem_theOutermostOperatorWinning() throws {
        var line: UInt = 0
        let reader = try recordedTrace {
            // `take(0)` builds its observable through `empty()`: the user's `take` is what counts.
            line = #line; _ = Observable.of(1, 2).take(0).subscribe(onNext: { _ in })
        }

        let assemblies = try reader.objects().compactMap(\.assembly)

        XCTAssertEqual(assemblies, [
            Assembly(name: "of", file: "RxTraceTests/TraceReaderTests.swift", line: Int(line)),
            Assembly(name: "take", file: "RxTraceTests/TraceReaderTests.swift", line: Int(line)),
        ])
    }

    func testASchema2Trace_writtenBeforeAssembliesWereRecorded_stillReads() throws {
        let recorder = try InMemoryTraceRecorder()
        Instrumentation.bootstrapInternal(recorder)
        _ = Observable.just(1).map { $0 }.subscribe(onNext: { _ in })
        Instrumentation.bootstrapInternal(nil)
        let database = try recorder.finish()
        // What a schema-2 trace lacks: the assembly table and its view.
        try database.execute(
            """
            DROP VIEW object_assembly; DROP TABLE assembly;
            UPDATE run SET schema_version = 2; PRAGMA user_version = 2;
            """
        )

        let reader = try TraceReader(database: database)
        let flows = try FlowBuilder(reader: reader).flows()

        XCTAssertEqual(reader.run.schemaVersion, 2)
        XCTAssertFalse(try reader.objects().isEmpty)
        XCTAssertTrue(try reader.objects().allSatisfy { $0.assembly == nil })
        XCTAssertEqual(flows.first?.title, "just")
    }

    func testASchema4Trace_withItsStepsInASiteTable_readsUnderTodaysNames() throws {
        let recorder = try InMemoryTraceRecorder()
        Instrumentation.bootstrapInternal(recorder)
        _ = Observable.just(1).map { $0 }.subscribe(onNext: { _ in })
        Instrumentation.bootstrapInternal(nil)
        let database = try recorder.finish()
        let todaysFlows = try FlowBuilder(reader: TraceReader(database: database)).flows()
        // Schema 4 named the steps' table `site` and the call's reference `site_id`.
        try database.execute(
            """
            ALTER TABLE step RENAME TO site; ALTER TABLE call RENAME COLUMN step_id TO site_id;
            UPDATE run SET schema_version = 4; PRAGMA user_version = 4;
            """
        )

        let reader = try TraceReader(database: database)

        XCTAssertEqual(reader.run.schemaVersion, 4)
        XCTAssertEqual(try FlowBuilder(reader: reader).flows(), todaysFlows)
        XCTAssertEqual(try reader.count(.step), try reader.database.scalar("SELECT count(*) FROM main.site")?.integer.map(Int.init))
        XCTAssertEqual(
            try reader.database.scalar("SELECT count(*) FROM call JOIN step ON step.id = call.step_id")?.integer,
            try reader.database.scalar("SELECT count(*) FROM main.call")?.integer
        )
    }

    func testEveryCallsTree_itsFirstCallsAndItsSize_agreeWithTheWholeTree() throws {
        // The first calls follow first children and next siblings, and the size counts the
        // thread's calls between a call and the next one not under it: on every call of these
        // traces (one on two threads), both must say what the whole tree says.
        let traces = CommittedTraces.folder
        for name in ["flatmap", "observe-on", "zip", "share-replay"] {
            let reader = try TraceReader(path: traces.appendingPathComponent("\(name).sqlite").path)
            let calls = try reader.database.rows("SELECT id FROM call ORDER BY id").compactMap { $0.integer("id") }
            XCTAssertFalse(calls.isEmpty, name)
            for call in calls {
                let tree = try reader.callTree(under: call)
                XCTAssertEqual(try reader.callTreeSize(under: call), tree.count, "\(name): call #\(call)")
                for limit in [1, 3, 20] {
                    XCTAssertEqual(
                        try reader.callTree(under: call, limit: limit), Array(tree.prefix(limit)),
                        "\(name): call #\(call), limit \(limit)")
                }
            }
        }
        let reader = try TraceReader(path: traces.appendingPathComponent("zip.sqlite").path)
        XCTAssertEqual(try reader.callTreeSize(under: 1_000_000_000), 0, "no such call")
    }

    func testTheReadersOwnCallFlowAndObjectAssembly_readAsTheSchemasViewsDo() throws {
        // The readers write the two views out instead of running the file's (which a damaged
        // trace may have replaced); on every example trace the two must agree.
        let traces = CommittedTraces.folder
        for name in ["flatmap", "subject-never-completes", "zip"] {
            let reader = try TraceReader(path: traces.appendingPathComponent("\(name).sqlite").path)

            var treeCalls: [CallRecord] = []
            for root in try reader.topLevelCalls() {
                treeCalls += try reader.callTree(under: root.id)
            }
            let viewCalls = try reader.database.rows("SELECT * FROM call_flow ORDER BY id").map(CallRecord.init(row:))
            XCTAssertEqual(treeCalls.sorted { $0.id < $1.id }, viewCalls, name)

            let assemblies = try reader.objects().compactMap { object in object.assembly.map { (object.id, $0) } }
            let viewAssemblies = try reader.database.rows("SELECT * FROM object_assembly ORDER BY object_id").map {
                ($0.integer("object_id") ?? 0, Assembly(name: $0.text("name") ?? "", file: $0.text("file") ?? "", line: Int($0.integer("line") ?? 0)))
            }
            XCTAssertFalse(viewAssemblies.isEmpty, name)
            XCTAssertEqual(assemblies.map(\.0), viewAssemblies.map(\.0), name)
            XCTAssertEqual(assemblies.map(\.1), viewAssemblies.map(\.1), name)
        }
    }
}
