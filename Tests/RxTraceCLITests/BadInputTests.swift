import Foundation
import RxTrace
import XCTest

/// Every kind of bad input ends the same way: exit code 2 and exactly one line on stderr that
/// says what is wrong, never a crash or a stack dump.
final class BadInputTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try CommandRunner.temporaryDirectory(for: self)
        let result = try CommandRunner.rxtrace(["run", "empty", "--out", "."], in: directory)
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    private func assertBadInput(
        _ arguments: [String], mentions expected: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let result = try CommandRunner.rxtrace(arguments, in: directory)
        XCTAssertEqual(result.status, 2, "exit status", file: file, line: line)
        XCTAssertEqual(result.errorLines.count, 1, "stderr: \(result.standardError)", file: file, line: line)
        XCTAssertTrue(
            result.standardError.hasPrefix("rxtrace: error: "), result.standardError, file: file, line: line
        )
        XCTAssertTrue(result.standardError.contains(expected), result.standardError, file: file, line: line)
        XCTAssertEqual(result.standardOutput, "", file: file, line: line)
    }

    func testMissingFile() throws {
        try assertBadInput(["report", "nowhere.sqlite"], mentions: "nowhere.sqlite: no such file")
    }

    func testADirectory_isNamedADirectory() throws {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("folder.sqlite"), withIntermediateDirectories: true)
        try assertBadInput(["report", "folder.sqlite"], mentions: "folder.sqlite: a directory, not a trace")
    }

    func testALoopOfSymbolicLinks_isNamedALoop() throws {
        let link = directory.appendingPathComponent("loop.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: link.path)
        try assertBadInput(["report", "loop.sqlite"], mentions: "loop.sqlite: too many levels of symbolic links")
    }

    func testADevice_isNotARegularFile() throws {
        try assertBadInput(["report", "/dev/null"], mentions: "/dev/null: not a regular file, so not a trace")
    }

    func testEmptyFile() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: directory.appendingPathComponent("empty-file.sqlite").path, contents: Data()))
        try assertBadInput(["report", "empty-file.sqlite"], mentions: "the file is empty")
    }

    func testFileThatIsNotSQLite() throws {
        try Data(String(repeating: "not a database\n", count: 100).utf8)
            .write(to: directory.appendingPathComponent("notes.txt"))
        try assertBadInput(["report", "notes.txt"], mentions: "not an SQLite database")
    }

    func testSQLiteDatabaseThatIsNotATrace() throws {
        let database = try Database(path: directory.appendingPathComponent("other.sqlite").path, mode: .readWriteCreate)
        try database.execute("CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO note VALUES (1, 'hi');")
        try assertBadInput(["report", "other.sqlite"], mentions: "not an RxTrace trace")
    }

    func testTraceFromANewerSchema() throws {
        try FileManager.default.copyItem(
            at: directory.appendingPathComponent("empty.sqlite"), to: directory.appendingPathComponent("future.sqlite")
        )
        let database = try Database(path: directory.appendingPathComponent("future.sqlite").path, mode: .readWriteCreate)
        try database.execute("PRAGMA user_version = \(TraceSchema.version + 1)")
        try assertBadInput(["report", "future.sqlite"], mentions: "trace schema version \(TraceSchema.version + 1)")
    }

    func testTruncatedTrace() throws {
        let data = try Data(contentsOf: directory.appendingPathComponent("empty.sqlite"))
        try data.prefix(data.count / 2).write(to: directory.appendingPathComponent("truncated.sqlite"))
        try assertBadInput(["report", "truncated.sqlite"], mentions: "truncated.sqlite")
    }

    func testBadSQL() throws {
        try assertBadInput(["query", "empty.sqlite", "SELEC * FROM run"], mentions: "SQL error")
    }

    func testUnknownTable() throws {
        try assertBadInput(["query", "empty.sqlite", "SELECT * FROM objects"], mentions: "no such table: objects")
    }

    func testQueryThatWouldWrite_IsRefusedAndTheTraceIsUnchanged() throws {
        let before = try Data(contentsOf: directory.appendingPathComponent("empty.sqlite"))

        try assertBadInput(["query", "empty.sqlite", "DELETE FROM call"], mentions: "read-only")
        try assertBadInput(["query", "empty.sqlite", "SELECT 1; DROP TABLE call"], mentions: "one statement at a time")

        XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent("empty.sqlite")), before)
    }

    func testUnknownExample() throws {
        try assertBadInput(["run", "no-such-example"], mentions: "unknown example 'no-such-example'")
    }

    func testUnknownSubscription() throws {
        try assertBadInput(["report", "empty.sqlite", "--subscription", "99"], mentions: "no subscription #99")
    }

    func testWhy_UnknownEvent() throws {
        try assertBadInput(["why", "empty.sqlite", "999"], mentions: "the trace has no event #999")
    }

    func testWhy_NthBeyondTheEventsTheSubscriptionReceived() throws {
        try assertBadInput(
            ["why", "empty.sqlite", "--subscription", "1", "--nth", "5"],
            mentions: "subscription #1's observer received 1 event, so it has no event number 5"
        )
    }

    func testWhy_NoEventNamed() throws {
        try assertBadInput(["why", "empty.sqlite"], mentions: "name an event: its id, or --subscription N --nth K")
    }

    func testWhy_BothAnIDAndNth() throws {
        try assertBadInput(
            ["why", "empty.sqlite", "1", "--subscription", "1", "--nth", "1"], mentions: "not both"
        )
    }

    func testWhy_NthWithoutSubscription() throws {
        try assertBadInput(["why", "empty.sqlite", "--nth", "1"], mentions: "--subscription and --nth go together")
    }

    func testWhy_NthBelowOne() throws {
        try assertBadInput(["why", "empty.sqlite", "--subscription", "1", "--nth", "0"], mentions: "--nth counts from 1")
    }

    func testReport_UnknownTag_namesTheTagsTheTraceHas() throws {
        try assertBadInput(["report", "empty.sqlite", "--tag", "login"], mentions: "no chain is tagged \"login\"; the trace has no tags")
    }

    func testReport_TagWithSubscription() throws {
        try assertBadInput(
            ["report", "empty.sqlite", "--tag", "login", "--subscription", "1"], mentions: "either --tag or --subscription"
        )
    }

    func testUnknownOption_ExitsTwo() throws {
        try assertBadInput(["report", "empty.sqlite", "--no-such-flag"], mentions: "Unknown option '--no-such-flag'")
        try assertBadInput(["query", "empty.sqlite", "SELECT 1", "--no-such-flag"], mentions: "--no-such-flag")
    }

    func testSQLThatStartsWithAComment_SaysHowToPassIt() throws {
        try assertBadInput(["query", "empty.sqlite", "-- the run\nSELECT 1"], mentions: "put -- before SQL")
    }

    func testMissingArgument_IsOneLine() throws {
        try assertBadInput(["query", "empty.sqlite"], mentions: "Missing expected argument '<sql>'")
    }

    func testExportMermaidWithoutASubscription() throws {
        try assertBadInput(["export", "empty.sqlite", "--format", "mermaid"], mentions: "pass --subscription N")
    }

    func testExportMermaidOfAnUnknownSubscription_WritesNoFile() throws {
        try assertBadInput(
            ["export", "empty.sqlite", "--format", "mermaid", "--subscription", "9", "-o", "out.mmd"],
            mentions: "no subscription #9"
        )
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.mmd").path))
    }

    func testExportToAFolderThatDoesNotExist() throws {
        try assertBadInput(["export", "empty.sqlite", "--format", "dot", "-o", "no/such/dir/out.dot"], mentions: "no such directory")
    }

    func testReportToADirectory_saysItIsADirectory() throws {
        try assertBadInput(["report", "empty.sqlite", "-o", "."], mentions: "cannot write .: it is a directory")
    }

    func testReportToAFolderThatDoesNotExist() throws {
        try assertBadInput(["report", "empty.sqlite", "-o", "no/such/dir/out.txt"], mentions: "no such directory no/such/dir")
    }

    func testReportAndExportPastAFileSizeLimit_sayTheFileIsTooLarge_insteadOfDying() throws {
        for command in [["report", "empty.sqlite"], ["export", "empty.sqlite", "--format", "dot"]] {
            // `ulimit -f 0`: any write to a file fails; the kernel's default would kill the tool with SIGXFSZ.
            let result = try CommandRunner.run(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", "ulimit -f 0; exec \"$0\" \"$@\"", CommandRunner.productsDirectory.appendingPathComponent("rxtrace").path]
                    + command + ["-o", "out.txt"],
                in: directory
            )

            XCTAssertEqual(result.status, 2, "\(command): \(result.standardError)")
            XCTAssertEqual(result.errorLines, ["rxtrace: error: cannot write out.txt: file too large"])
        }
    }

    func testExportLimitWithoutMermaid() throws {
        try assertBadInput(["export", "empty.sqlite", "--format", "perfetto", "--limit", "3"], mentions: "--limit goes with")
        try assertBadInput(["export", "empty.sqlite", "--format", "dot", "--subscription", "1"], mentions: "--subscription goes with")
    }

    func testExportInAnUnknownFormat() throws {
        try assertBadInput(["export", "empty.sqlite", "--format", "svg"], mentions: "svg")
    }

    func testExportOfAMissingTrace() throws {
        try assertBadInput(["export", "nowhere.sqlite", "--format", "perfetto"], mentions: "nowhere.sqlite: no such file")
    }

    func testDiffWithAMissingTrace() throws {
        try assertBadInput(["diff", "empty.sqlite", "nowhere.sqlite"], mentions: "nowhere.sqlite: no such file")
    }

    func testDiffWithAFileThatIsNotATrace() throws {
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: directory.appendingPathComponent("notes.txt"))
        try assertBadInput(["diff", "notes.txt", "empty.sqlite"], mentions: "not an SQLite database")
    }
}
