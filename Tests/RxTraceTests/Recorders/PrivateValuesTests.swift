import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// With values off (`recordingValues: false`, `RXTRACE_VALUES=0`) nothing an element or an
/// error carries reaches the trace: an error is recorded as its type's name only.
final class PrivateValuesTests: RxTraceTestCase {
    private struct SessionExpired: Error, CustomStringConvertible {
        let token: String
        var description: String { "session expired for token \(token)" }
    }

    private let secret = "tok-5ecret-9f3a71"

    func testValuesOff_anErrorCarryingASecret_isRecordedAsItsTypeOnly_andTheSecretIsNowhereInTheFile() throws {
        let path = Fixture.temporaryTracePath("private-values")
        let recording = try record(to: path, program: "private", recordingValues: false)
        let subject = PublishSubject<String>()
        _ = subject.map { $0 + "!" }.subscribe(onNext: { _ in }, onError: { _ in })
        subject.onNext("element \(secret)")
        subject.onError(SessionExpired(token: secret))
        _ = Observable<Int>.error(SessionExpired(token: secret)).subscribe(onError: { _ in })
        try recording.stop()

        let trace = try Database(path: path, mode: .readOnly)
        XCTAssertEqual(
            Set(try trace.column("SELECT value FROM event WHERE kind = 'error'")), ["SessionExpired"],
            "an error is its type's name"
        )
        XCTAssertTrue(
            try trace.column("SELECT detail FROM call WHERE detail LIKE 'error%'").allSatisfy { $0 == "error(SessionExpired)" }
        )
        XCTAssertGreaterThan(try trace.integer("SELECT count(*) FROM call WHERE detail = 'error(SessionExpired)'"), 0)
        for table in try trace.column("SELECT name FROM sqlite_schema WHERE type = 'table'") {
            for column in try trace.column("SELECT name FROM pragma_table_info('\(table)')") {
                XCTAssertEqual(
                    try trace.integer("SELECT count(*) FROM \(table) WHERE CAST(\(column) AS TEXT) LIKE '%5ecret%'"), 0,
                    "\(table).\(column) holds the secret"
                )
            }
        }
        for file in [path, path + "-wal"] where FileManager.default.fileExists(atPath: file) {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            XCTAssertNil(bytes.range(of: Data(secret.utf8)), "\(file) holds the secret's bytes")
        }
    }

    func testValuesOn_anError_isRecordedWithItsDescription() throws {
        let path = Fixture.temporaryTracePath("values-on")
        let recording = try record(to: path, program: "values", recordingValues: true)
        _ = Observable<Int>.error(SessionExpired(token: "t1")).subscribe(onError: { _ in })
        try recording.stop()

        let trace = try Database(path: path, mode: .readOnly)
        XCTAssertEqual(try trace.column("SELECT value FROM event WHERE kind = 'error'"), ["session expired for token t1"])
    }

    func testRXTRACE_VALUES_isParsedStrictly() {
        for setting in ["0", "false", "FALSE", "no", "No", "off", "OFF"] {
            XCTAssertEqual(parseRecordingValues(setting), false, setting)
        }
        for setting in ["1", "true", "True", "yes", "YES", "on", "On"] {
            XCTAssertEqual(parseRecordingValues(setting), true, setting)
        }
        XCTAssertEqual(parseRecordingValues(nil), true, "unset: values are recorded")
        for setting in ["", "2", "nope", " 0", "0 ", "disabled", "n"] {
            XCTAssertNil(parseRecordingValues(setting), "'\(setting)'")
        }
    }

    func testRXTRACE_VALUES_notUnderstood_saysSoInOneLineAndDoesNotRecord() throws {
        let path = Fixture.temporaryTracePath("values-unknown")

        let run = try Fixture.runCapturingStandardError(
            ["environment"], environment: ["RXTRACE_FILE": path, "RXTRACE_VALUES": "nope"]
        )

        XCTAssertEqual(run.ending, .exited(0))
        XCTAssertEqual(
            run.standardError,
            "RxTrace: not recording: RXTRACE_VALUES is 'nope'; use 1, true, yes or on to record element values, "
                + "0, false, no or off to leave them out\n"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
    }
}
