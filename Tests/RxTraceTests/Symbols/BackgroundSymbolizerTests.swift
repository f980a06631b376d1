import Foundation
import RxCore
@testable import RxTrace
import XCTest

/// The symbolizer a recording starts beside the program: asked address by address while the
/// writer interns them, it names the same frames as one run of the tool at the end.
final class BackgroundSymbolizerTests: XCTestCase {
    func testAddressesAskedOneByOne_nameTheSameFramesAsOneRunAtTheEnd() throws {
        let symbolizer = try XCTUnwrap(Symbolizer.find(), "no llvm-symbolizer or addr2line on PATH")
        try XCTSkipUnless(symbolizer.kind == .llvmSymbolizer, "only llvm-symbolizer answers line by line")
        let background = try XCTUnwrap(BackgroundSymbolizer(symbolizer))
        var images = LoadedImages()
        var asked: [(address: UInt, image: LoadedImages.Image)] = []
        for address in CallerAddresses.capture().addresses {
            guard let image = images.image(containing: address) else { continue }
            background.ask(address, in: image)
            // Asking twice asks once.
            background.ask(address, in: image)
            asked.append((address, image))
        }
        XCTAssertFalse(asked.isEmpty, "no caller address lies in a mapped file")

        let answers = try XCTUnwrap(background.answers(), "the background symbolizer failed")
        XCTAssertEqual(Set(answers.keys), Set(asked.map(\.address)))
        for (image, entries) in Dictionary(grouping: asked, by: \.image) {
            let one = try symbolizer.symbolize(entries.map { $0.address - image.loadAddress }, in: image.path)
            for entry in entries {
                XCTAssertEqual(
                    answers[entry.address], one[entry.address - image.loadAddress],
                    "\(image.path) at \(entry.address): the background run and a run at the end disagree")
            }
        }
        XCTAssertTrue(answers.values.contains { $0.first?.function != nil }, "nothing named")
    }

    func testTheTool_runsAtTheWritersLowerPriority_notTheProgramsOwn() throws {
        let symbolizer = try XCTUnwrap(Symbolizer.find(), "no llvm-symbolizer or addr2line on PATH")
        try XCTSkipUnless(symbolizer.kind == .llvmSymbolizer, "only llvm-symbolizer answers line by line")
        let which = __priority_which_t(PRIO_PROCESS.rawValue)
        let programs = getpriority(which, 0)
        let background = try XCTUnwrap(BackgroundSymbolizer(symbolizer))
        var images = LoadedImages()
        let address = try XCTUnwrap(CallerAddresses.capture().addresses.first { images.image(containing: $0) != nil })
        background.ask(address, in: try XCTUnwrap(images.image(containing: address)))

        let started = Date()
        while background.processID == nil, Date().timeIntervalSince(started) < 30 {
            usleep(1_000)
        }
        let tool = try XCTUnwrap(background.processID, "the tool did not start")
        errno = 0
        let tools = getpriority(which, id_t(tool))
        let answers = background.answers()

        XCTAssertEqual(errno, 0, "the tool's priority could be read while it ran")
        XCTAssertEqual(tools, min(19, programs + RecordingSession.writerNiceness))
        XCTAssertNotNil(answers, "it still answers")
    }

    func testCancelled_stopsTheToolAndAnswersNothing() throws {
        let symbolizer = try XCTUnwrap(Symbolizer.find(), "no llvm-symbolizer or addr2line on PATH")
        try XCTSkipUnless(symbolizer.kind == .llvmSymbolizer, "only llvm-symbolizer answers line by line")
        let background = try XCTUnwrap(BackgroundSymbolizer(symbolizer))

        background.cancel()

        XCTAssertNil(background.answers())
    }

    func testAddr2line_isNotRunInTheBackground() {
        XCTAssertNil(BackgroundSymbolizer(Symbolizer(path: "/usr/bin/addr2line", kind: .addr2line)))
    }
}
