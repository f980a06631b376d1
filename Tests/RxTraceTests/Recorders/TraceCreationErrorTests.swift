import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// A trace that cannot be created says why, naming what to fix, not only SQLite's "unable to
/// open database file".
final class TraceCreationErrorTests: RxTraceTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-create-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try? FileManager.default.removeItem(at: folder)
        try super.tearDownWithError()
    }

    /// The description of the error `record(to: path)` throws.
    private func failure(recordingTo path: String) -> String? {
        do {
            let recording = try record(to: path, program: "unrecordable")
            try? recording.stop()
            return nil
        } catch {
            return (error as? TraceCreationError)?.description ?? "not a TraceCreationError: \(error)"
        }
    }

    func testMissingFolder_isNamed() {
        let missing = folder.appendingPathComponent("no-such-folder").path

        XCTAssertEqual(
            failure(recordingTo: missing + "/trace.sqlite"),
            "the folder \(missing) does not exist (cannot open \(missing)/trace.sqlite: No such file or directory)"
        )
    }

    func testPathThatIsAFolder_isNamed() {
        XCTAssertEqual(
            failure(recordingTo: folder.path),
            "\(folder.path) is a folder, not a file (cannot open \(folder.path): Is a directory)"
        )
    }

    func testFolderThatIsAFile_isNamed() throws {
        let file = folder.appendingPathComponent("notes.txt").path
        XCTAssertTrue(FileManager.default.createFile(atPath: file, contents: Data("notes".utf8)))

        XCTAssertEqual(
            failure(recordingTo: file + "/trace.sqlite"),
            "\(file) is a file, not a folder (cannot open \(file)/trace.sqlite: Not a directory)"
        )
    }

    func testReadOnlyFolder_isNamed() throws {
        try XCTSkipIf(geteuid() == 0, "root may write into any folder, read-only or not")
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)

        XCTAssertEqual(
            failure(recordingTo: folder.appendingPathComponent("trace.sqlite").path),
            "the folder \(folder.path) is not writable (cannot open \(folder.path)/trace.sqlite: Permission denied)"
        )
    }
}
