import Foundation
import XCTest

/// Compares `actual` with the golden file `RxTraceCLITests/Snapshots/NAME.txt`; with `RXTRACE_RECORD=1` in the
/// environment, writes the file instead (after argument-parser's `RECORD_SNAPSHOTS`).
func assertSnapshot(
    _ actual: String,
    named name: String,
    file: StaticString = #filePath,
    line: UInt = #line
) throws {
    // `file` is a test file directly inside RxTraceCLITests/.
    let snapshots = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Snapshots")
    let url = snapshots.appendingPathComponent("\(name).txt")
    if ProcessInfo.processInfo.environment["RXTRACE_RECORD"] == "1" {
        try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
        try actual.write(to: url, atomically: true, encoding: .utf8)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        XCTFail("No snapshot \(url.path); run with RXTRACE_RECORD=1 to record it.", file: file, line: line)
        return
    }
    XCTAssertEqual(
        actual, expected,
        "Output differs from \(url.lastPathComponent); if the change is intended, re-record with RXTRACE_RECORD=1.",
        file: file, line: line
    )
}
