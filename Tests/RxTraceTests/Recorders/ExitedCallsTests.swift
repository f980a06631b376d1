@testable import RxTrace
import XCTest

/// A run of exits keeps its first exit whole and each later one as its distance from the first:
/// what it hands back is what it was given, and an exit too far away to say in 32 bits is refused
/// rather than cut.
final class ExitedCallsTests: XCTestCase {
    private func exits(of run: ExitedCalls) -> [Int64] {
        var keysAndTimes: [Int64] = []
        run.forEachExit { keysAndTimes += [$0.key, $0.ts] }
        return keysAndTimes
    }

    func testExitsOfOuterCalls_whoseKeysLieBelowTheFirst_comeBackAsTheyWereHeld() {
        var run = ExitedCalls(thread: 3)
        XCTAssertTrue(run.hold(1_000_000_500, at: 9_000_000_000))
        XCTAssertTrue(run.hold(1_000_000_100, at: 9_000_000_040))
        XCTAssertTrue(run.hold(1_000_000_700, at: 9_000_000_041))

        XCTAssertEqual(run.count, 3)
        XCTAssertEqual(run.thread, 3)
        XCTAssertEqual(
            exits(of: run),
            [1_000_000_500, 9_000_000_000, 1_000_000_100, 9_000_000_040, 1_000_000_700, 9_000_000_041])
    }

    func testARun_holdsThirteenExits_andRefusesTheFourteenth() {
        var run = ExitedCalls(thread: 1)
        for index in 0..<13 {
            XCTAssertTrue(run.hold(100 - Int64(index), at: 5_000 + Int64(index)), "exit \(index) fits")
        }

        XCTAssertTrue(run.isFull)
        XCTAssertFalse(run.hold(50, at: 6_000), "a full run takes no more")
        XCTAssertEqual(exits(of: run).count, 26, "the refused exit was not held")
    }

    func testAnExitTooLateOrTooFarFromTheFirst_isRefused_andAnEmptyRunTakesIt() {
        var run = ExitedCalls(thread: 1)
        XCTAssertTrue(run.hold(10, at: 1_000))

        XCTAssertFalse(run.hold(11, at: 1_000 + Int64(Int32.max) + 1), "a time more than 2³¹ ticks after the first")
        XCTAssertFalse(run.hold(11, at: 999), "a time before the first (a core whose counter lags)")
        XCTAssertFalse(run.hold(10 + Int64(Int32.max) + 1, at: 1_001), "a key more than 2³¹ positions away")
        XCTAssertEqual(run.count, 1)

        let taken = run.take()
        XCTAssertEqual(run.count, 0, "taking a run leaves none held")
        XCTAssertTrue(run.hold(10 + Int64(Int32.max) + 1, at: 1_000 + Int64(Int32.max) + 1))
        XCTAssertEqual(exits(of: taken), [10, 1_000])
        XCTAssertEqual(exits(of: run), [10 + Int64(Int32.max) + 1, 1_000 + Int64(Int32.max) + 1])
    }
}
