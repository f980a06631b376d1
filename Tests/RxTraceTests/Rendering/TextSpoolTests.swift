import Foundation
import XCTest

@testable import RxTrace

/// A spool gives back what was appended, in order and whole, and leaves no file behind.
final class TextSpoolTests: XCTestCase {
    func testReplay_givesBackEveryAppend_inOrder_acrossChunks() throws {
        let spool = TextSpool()
        // Lines of several bytes per character, more than one chunk (1 MiB) of them.
        let lines = (0..<40_000).map { "line \($0): ✓ élan 🚀 \(String(repeating: "x", count: 20))\n" }
        for line in lines { try spool.append(line) }
        try spool.append("no newline at the end")

        var replayed: [String] = []
        try spool.replay { replayed.append($0) }

        XCTAssertGreaterThan(replayed.count, 1, "more than one chunk")
        XCTAssertEqual(replayed.joined(), lines.joined() + "no newline at the end")
    }

    func testTextWithoutLineEnds_comesBackInChunks_cutBetweenCharacters() throws {
        let spool = TextSpool()
        // Compact JSON: no line end in megabytes, characters of one to four bytes.
        let text = String(repeating: "{\"é\":\"🚀\",\"a\":1},", count: 200_000)
        try spool.append(text)

        var replayed: [String] = []
        try spool.replay { replayed.append($0) }

        XCTAssertGreaterThan(replayed.count, 1, "more than one chunk")
        XCTAssertEqual(replayed.joined(), text, "no character cut in two (it would come back as U+FFFD)")
    }

    func testAnEmptySpool_replaysNothing() throws {
        let spool = TextSpool()
        var replayed: [String] = []
        try spool.replay { replayed.append($0) }

        XCTAssertTrue(spool.isEmpty)
        XCTAssertEqual(replayed, [])
    }

    func testTheSpoolsFile_isNeverInTheDirectory_evenWhileItHoldsText() throws {
        let directory = FileManager.default.temporaryDirectory.path
        func spoolFiles() throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasPrefix("rxtrace-spool-") })
        }
        let before = try spoolFiles()
        let spool = TextSpool()
        try spool.append(String(repeating: "line\n", count: 300_000))

        XCTAssertEqual(try spoolFiles().subtracting(before), [], "unlinked as soon as it is open")
        var replayed = 0
        try spool.replay { replayed += $0.utf8.count }
        XCTAssertEqual(replayed, 1_500_000)
    }

    func testWithoutAWritableDirectory_theTextStaysInMemory_andComesBackWhole() throws {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)")
        let spool = TextSpool(directory: missing)
        let lines = (0..<300_000).map { "line \($0)\n" }
        for line in lines { try spool.append(line) }

        var replayed: [String] = []
        try spool.replay { replayed.append($0) }

        XCTAssertEqual(replayed.joined(), lines.joined())
    }
}
