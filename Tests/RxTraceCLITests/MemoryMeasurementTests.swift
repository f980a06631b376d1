import Foundation
import XCTest

/// The memory tests measure the command they run, not the test process that runs it.
final class MemoryMeasurementTests: XCTestCase {
    func testAPeakMeasured_isTheCommandsOwn_evenAfterThisProcessHeldFarMore() throws {
        // This process touches 256 MB, so its own peak is at least that.
        let size = 256 << 20
        let block = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 4_096)
        block.initializeMemory(as: UInt8.self, repeating: 1, count: size)
        block.deallocate()

        let measured = try CommandRunner.rxtraceMeasuringMemory(["--version"])

        XCTAssertEqual(measured.status, 0)
        XCTAssertGreaterThan(measured.peakKilobytes, 1_000, "the command's peak was read")
        XCTAssertLessThan(
            measured.peakKilobytes, 128_000,
            "`rxtrace --version` holds a few MB; \(measured.peakKilobytes) kB is this process's peak, not the command's")
    }
}
