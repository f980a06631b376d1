import Foundation
import RxCore
import RxTesting
import XCTest

// The examples of Documentation/Testing.md, compiled and run; `testEverySwiftBlockIsCompiled`
// checks that each `swift` block of the guide appears verbatim in a test file.

final class CounterTests: RxLeakCheckedTestCase {
    func testMap_DoublesEachElement() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .next(240, 3), .completed(300)])

        let res = scheduler.start { xs.map { $0 * 2 } }

        XCTAssertEqual(res.events, [.next(210, 4), .next(240, 6), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testOf_OneElementPerTick() {
        let scheduler = TestScheduler(initialClock: 0)

        let res = scheduler.start { Observable.of(1, 2, scheduler: scheduler) }

        XCTAssertEqual(res.events, [.next(201, 1), .next(202, 2), .completed(203)])
    }

    func testToBlocking() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking(timeout: 5).toArray(), [1, 2, 3])
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking(timeout: 5).first(), 1)
        XCTAssertThrowsError(try Observable<Int>.never().toBlocking(timeout: 0.1).first())
    }
}

final class TestingGuideTests: RxLeakCheckedTestCase {
    /// The package's root folder.
    private static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testEverySwiftBlockIsCompiled() throws {
        let root = Self.packageRoot
        let guide = try String(contentsOf: root.appendingPathComponent("Documentation/Testing.md"), encoding: .utf8)
        var sources = ""
        let testsFolder = root.appendingPathComponent("Tests").resolvingSymlinksInPath()
        let tests = try XCTUnwrap(FileManager.default.enumerator(at: testsFolder, includingPropertiesForKeys: nil))
        for case let url as URL in tests where url.pathExtension == "swift" && !url.path.contains("/.build/") {
            sources += try String(contentsOf: url, encoding: .utf8)
        }

        let blocks = guide.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        XCTAssertFalse(blocks.isEmpty)
        for block in blocks {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let indentation = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
            for line in lines where !line.isEmpty && !line.contains("…") {
                let code = line.dropFirst(indentation)
                XCTAssertTrue(sources.contains(code), "Documentation/Testing.md shows a line no test compiles: \(code)")
            }
        }
    }
}
