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

    func testSlots_ofALargeRing_lieOnAHugePageBoundary_andAreInMemoryBeforeTheFirstAppend() {
        let ring = RecordRing(capacity: 32_768)
        let base = ring.slotAddress(of: 0)
        let byteCount = 32_768 * MemoryLayout<Record>.stride
        let pageSize = Int(getpagesize())
        var resident = [UInt8](repeating: 0, count: byteCount / pageSize)

        XCTAssertEqual(UInt(bitPattern: base) % (2 << 20), 0, "a transparent huge page can back it")
        XCTAssertEqual(mincore(UnsafeMutableRawPointer(mutating: base), byteCount, &resident), 0)
        XCTAssertEqual(
            resident.filter { $0 & 1 == 0 }.count, 0,
            "every page is touched when the ring is made: a producer takes no page fault in the first lap")
        ring.close()
    }
}
