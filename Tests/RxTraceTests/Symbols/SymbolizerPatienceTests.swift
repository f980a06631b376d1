import Foundation
@testable import RxTrace
import XCTest

/// A symbolizer that never answers (it hangs loading a program, or never gets past its start)
/// costs a recording's `stop()` and a reader a bounded wait: it is killed after its patience,
/// and what waited on it goes on without the lines.
final class SymbolizerPatienceTests: XCTestCase {
    private var folder: URL!

    /// A tool named `llvm-symbolizer` that reads nothing and answers nothing.
    private var toolThatNeverAnswers: String {
        get throws {
            let tool = folder.appendingPathComponent("llvm-symbolizer")
            try "#!/bin/sh\nexec sleep 600\n".write(to: tool, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
            return tool.path
        }
    }

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("rxtrace-patience-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    func testARunOfAToolThatNeverAnswers_isKilledAfterItsPatience_andFailsWithoutEndingTheProgram() throws {
        let symbolizer = Symbolizer(path: try toolThatNeverAnswers, kind: .llvmSymbolizer, patience: 0.5)
        // More than a pipe holds (64 KiB), so the write itself waits for the tool, and fails with
        // EPIPE, not SIGPIPE, once the tool is killed.
        let addresses = (1...20_000).map { UInt($0) * 16 }

        XCTAssertThrowsError(try symbolizer.symbolize(addresses, in: "/bin/sh")) { error in
            XCTAssertEqual(
                (error as? Symbolizer.TimedOut)?.description,
                "\(symbolizer.path) did not answer within 0.5 s and was stopped")
        }
        XCTAssertThrowsError(try symbolizer.symbolize([(image: "/bin/sh", addresses: [16]), (image: "/bin/ls", addresses: [32])]))
    }

    func testABackgroundToolThatAnswersNothing_isGivenUpOn_andARunAtTheEndIsNotTried() throws {
        let symbolizer = Symbolizer(path: try toolThatNeverAnswers, kind: .llvmSymbolizer, patience: 0.5)
        let background = try XCTUnwrap(BackgroundSymbolizer(symbolizer))
        background.ask(0x1010, in: LoadedImages.Image(path: "/bin/sh", loadAddress: 0x1000))

        XCTAssertNil(background.answers())
        XCTAssertTrue(background.hasTimedOut)
    }

    func testAToolThatAnswers_isNotCutShort() throws {
        let symbolizer = try XCTUnwrap(Symbolizer.find(), "no llvm-symbolizer or addr2line on PATH")
        let background = try XCTUnwrap(BackgroundSymbolizer(symbolizer))

        XCTAssertNotNil(background.answers())
        XCTAssertFalse(background.hasTimedOut)
    }
}
