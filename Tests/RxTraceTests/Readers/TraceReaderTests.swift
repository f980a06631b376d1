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
}
