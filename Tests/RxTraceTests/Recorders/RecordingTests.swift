import Foundation
import RxCore
@testable import RxTrace
import XCTest

final class RecordingTests: RxTraceTestCase {
    func testRecord_thenStop_installsTheRecorderOnlyInBetween() throws {
        let path = Fixture.temporaryTracePath("record")
        let recording = try record(to: path, program: "record")
        XCTAssertTrue(Instrumentation.recorder === recording.recorder)
        _ = Observable.just(1).subscribe(onNext: { _ in })
        try recording.stop()
        try recording.stop()
        _ = Observable.just(2).subscribe(onNext: { _ in })

        XCTAssertFalse(Instrumentation.isRecording)
        let reader = try Database(path: path, mode: .readOnly)
        XCTAssertEqual(try reader.column("SELECT program || ' ' || end_reason FROM run"), ["record finished"])
        XCTAssertEqual(try reader.integer("SELECT count(*) FROM subscription"), 1)
    }

    func testRecord_calledAgain_finishesTheFirstTraceAndStartsANewOne() throws {
        let firstPath = Fixture.temporaryTracePath("first")
        let secondPath = Fixture.temporaryTracePath("second")
        let first = try record(to: firstPath, program: "first")
        _ = Observable.just(1).subscribe(onNext: { _ in })
        let second = try record(to: secondPath)
        _ = Observable.just(2).subscribe(onNext: { _ in })
        _ = Observable.just(3).subscribe(onNext: { _ in })
        try second.stop()
        try first.stop()

        let firstTrace = try Database(path: firstPath, mode: .readOnly)
        let secondTrace = try Database(path: secondPath, mode: .readOnly)
        XCTAssertEqual(try firstTrace.column("SELECT end_reason FROM run"), ["finished"])
        XCTAssertEqual(try firstTrace.integer("SELECT count(*) FROM subscription"), 1)
        XCTAssertEqual(try secondTrace.integer("SELECT count(*) FROM subscription"), 2)
        XCTAssertEqual(
            try secondTrace.column("SELECT program FROM run"), [ProcessInfo.processInfo.processName],
            "the program defaults to the process name"
        )
    }
}
