@testable import RxTrace
import XCTest

final class RecordRingTests: XCTestCase {
    func testRecord_fillsWholeCacheLines() {
        XCTAssertEqual(
            MemoryLayout<Record>.stride % 64, 0,
            "a record's slot is a whole number of 64-byte cache lines, so aligned slots never share one"
        )
    }

    func testSlots_startOnATwoCacheLineBoundary_soEachRecordCoversTheFewestLines() {
        // `malloc` gives 16-byte alignment: a 128-byte record then covered three lines, the last
        // shared with the next record, which its producer wrote while the spooler read this one.
        for capacity in [2, 4_096, 32_768] {
            let ring = RecordRing(capacity: capacity)
            for position in [0, 1, capacity - 1] {
                XCTAssertEqual(
                    UInt(bitPattern: ring.slotAddress(of: position)) % 128, 0,
                    "slot \(position) of a ring of \(capacity)"
                )
            }
            ring.close()
        }
    }
}
