import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// An entry point user code calls in a loop (`onNext` on every pass) is entered from the same
/// return addresses each time: its thread appends them once, and each later call's entry says it
/// repeats them. The trace is the same as with the addresses appended every time: every such call
/// names the one stack.
final class RepeatedCallersTests: RxTraceTestCase {
    private let loopLine = CallerAddresses([0x1000_1000, 0x1000_2000, 0x1000_3000])
    private let otherLine = CallerAddresses([0x1000_1000, 0x1000_2000, 0x1000_4000])

    private static func enterFromUser(_ recorder: SQLiteTraceRecorder, _ callers: CallerAddresses) -> CallID {
        recorder.callEntered("onNext", object: .none, detail: nil, file: #fileID, line: #line, callers: callers)
    }

    /// Each call's caller stack, by call id (`-` for none).
    private func callerStacks(_ database: Database) throws -> [String] {
        try database.column("SELECT coalesce(caller_stack_id, '-') FROM call ORDER BY id")
    }

    func testAnEntryPointCalledInALoop_appendsItsAddressesOnce_andEveryCallNamesTheirStack() throws {
        let path = Fixture.temporaryTracePath("repeated-callers-loop")
        let recorder = try SQLiteTraceRecorder(path: path, program: "repeated-callers")
        let before = recorder.bufferStatistics.appendedRecords
        for _ in 0..<3 {
            recorder.callExited(Self.enterFromUser(recorder, loopLine))
        }
        let appended = recorder.bufferStatistics.appendedRecords - before
        try recorder.finish()
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(appended, 1 + 3 + 1 + 3, "the thread, three entries, the addresses once, three exits")
        XCTAssertEqual(try callerStacks(database), ["1", "1", "1"])
        XCTAssertEqual(try database.integer("SELECT count(*) FROM caller"), 3, "one stack of three frames")
    }

    func testAnEntryPointCalledFromAnotherLineBetween_appendsItsAddressesAgain_andStacksAreStillShared() throws {
        let path = Fixture.temporaryTracePath("repeated-callers-alternating")
        let recorder = try SQLiteTraceRecorder(path: path, program: "repeated-callers")
        let before = recorder.bufferStatistics.appendedRecords
        for callers in [loopLine, otherLine, loopLine, loopLine] {
            recorder.callExited(Self.enterFromUser(recorder, callers))
        }
        let appended = recorder.bufferStatistics.appendedRecords - before
        try recorder.finish()
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(appended, 1 + 4 + 3 + 4, "the thread, four entries, the addresses of the first three calls (not of the fourth), four exits")
        XCTAssertEqual(try callerStacks(database), ["1", "2", "1", "1"], "the writer names a stack once, whoever repeats it")
    }

    func testEachThread_repeatsOnlyWhatItAppendedItself() throws {
        let path = Fixture.temporaryTracePath("repeated-callers-threads")
        let recorder = try SQLiteTraceRecorder(path: path, program: "repeated-callers")
        recorder.callExited(Self.enterFromUser(recorder, loopLine))
        let otherThreadDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [otherLine] in
            recorder.callExited(RepeatedCallersTests.enterFromUser(recorder, otherLine))
            recorder.callExited(RepeatedCallersTests.enterFromUser(recorder, otherLine))
            otherThreadDone.signal()
        }
        XCTAssertEqual(otherThreadDone.wait(timeout: .now() + 10), .success, "the other thread's calls returned")
        recorder.callExited(Self.enterFromUser(recorder, loopLine))
        try recorder.finish()
        let database = try Database(path: path, mode: .readOnly)

        XCTAssertEqual(
            try database.column(
                "SELECT thread.name || ':' || coalesce(caller_stack_id, '-') FROM call JOIN thread ON thread.id = thread_id ORDER BY call.id"),
            ["main:1", "T1:2", "T1:2", "main:1"],
            "the main thread's last addresses are its own, not those the other thread appended in between")
    }

    func testAddressesThatCompareEqual_areTheSameAddressesInTheSameOrder() {
        XCTAssertEqual(loopLine, CallerAddresses([0x1000_1000, 0x1000_2000, 0x1000_3000]))
        XCTAssertNotEqual(loopLine, otherLine)
        XCTAssertNotEqual(loopLine, CallerAddresses([0x1000_1000, 0x1000_2000]), "a prefix is another stack")
        XCTAssertNotEqual(CallerAddresses([1, 2]), CallerAddresses([2, 1]))
        XCTAssertEqual(CallerAddresses(), CallerAddresses())
    }
}
