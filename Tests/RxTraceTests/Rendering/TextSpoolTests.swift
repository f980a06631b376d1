import Foundation
import XCTest

@testable import RxTrace

/// A spool gives back what was appended, in order and whole, and leaves no file behind.
final class TextSpoolTests: XCTestCase {
    func testReplay_givesBackEveryAppend_inOrder_acrossChunks() throws {
        let spool = try TextSpool()
        // Lines of several bytes per character, more than one chunk (1 MiB) of them.
        let lines = (0..<40_000).map { "line \($0): ✓ élan 🚀 \(String(repeating: "x", count: 20))\n" }
        for line in lines { try spool.append(line) }
        try spool.append("no newline at the end")

        var replayed: [String] = []
        try spool.replay { replayed.append($0) }

        XCTAssertGreaterThan(replayed.count, 1, "more than one chunk")
        XCTAssertEqual(replayed.joined(), lines.joined() + "no newline at the end")
    }

    func testAnEmptySpool_replaysNothing() throws {
        let spool = try TextSpool()
        var replayed: [String] = []
        try spool.replay { replayed.append($0) }

        XCTAssertTrue(spool.isEmpty)
        XCTAssertEqual(replayed, [])
    }

    func testReleasingTheSpool_deletesItsFile() throws {
        let directory = FileManager.default.temporaryDirectory.path
        func spoolFiles() throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("rxtrace-spool-") })
        }
        let before = try spoolFiles()
        var spool: TextSpool? = try TextSpool()
        try spool?.append("text")
        XCTAssertEqual(try spoolFiles().subtracting(before).count, 1)

        spool = nil

        XCTAssertEqual(try spoolFiles().subtracting(before), [])
    }
}
