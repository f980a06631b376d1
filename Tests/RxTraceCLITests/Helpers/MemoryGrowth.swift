import XCTest

extension CommandRunner {
    /// Runs each of `commands` (rxtrace's arguments for a trace's path) on `small` and on
    /// `large`, and asserts that both succeed and that the run on `large` peaks less than
    /// `limitKilobytes` above the run on `small`: what a reader must not hold per row of the
    /// larger trace, measured between two sizes instead of against a fixed amount.
    static func assertPeakMemoryGrowth(
        of commands: [(String) -> [String]], from small: String, to large: String, below limitKilobytes: Int,
        _ what: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        for command in commands {
            let few = try rxtraceMeasuringMemory(command(small))
            let many = try rxtraceMeasuringMemory(command(large))

            XCTAssertGreaterThan(few.peakKilobytes, 0, "the peak was read", file: file, line: line)
            XCTAssertEqual(few.status, 0, file: file, line: line)
            XCTAssertEqual(many.status, 0, file: file, line: line)
            XCTAssertLessThan(
                many.peakKilobytes - few.peakKilobytes, limitKilobytes,
                "\(command("T").joined(separator: " ")): \(what); peak \(many.peakKilobytes) kB vs \(few.peakKilobytes) kB",
                file: file, line: line
            )
        }
    }
}
