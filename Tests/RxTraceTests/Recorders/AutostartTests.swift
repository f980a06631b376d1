import Foundation
import RxTrace
import XCTest

final class AutostartTests: RxTraceTestCase {
    func testRXTRACE_FILE_programWithoutRecordingCode_isRecordedUntilExit() throws {
        let path = Fixture.temporaryTracePath("environment")
        XCTAssertEqual(try Fixture.run(["environment"], environment: ["RXTRACE_FILE": path]), .exited(0))
        let trace = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try trace.column("SELECT program || ' ' || end_reason FROM run"), ["rxtrace-fixture exited"])
        XCTAssertEqual(try trace.column("SELECT name FROM thread"), ["main"])
        XCTAssertEqual(try trace.integer("SELECT count(*) FROM subscription WHERE end_kind = 'completed'"), 2)
        XCTAssertEqual(try trace.column("SELECT value FROM event WHERE kind = 'next' ORDER BY id"), ["1", "2", "1"])
    }

    func testRXTRACE_VALUES_0_programRecordedFromTheEnvironment_hasNoElementValues() throws {
        let path = Fixture.temporaryTracePath("environment-values")
        XCTAssertEqual(
            try Fixture.run(["environment"], environment: ["RXTRACE_FILE": path, "RXTRACE_VALUES": "0"]), .exited(0)
        )
        let trace = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(try trace.integer("SELECT is_recording_values FROM run"), 0)
        XCTAssertEqual(try trace.integer("SELECT count(*) FROM event WHERE kind = 'next'"), 3)
        XCTAssertEqual(try trace.integer("SELECT count(*) FROM event WHERE value IS NOT NULL"), 0)
    }
}
