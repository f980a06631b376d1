import Foundation
import XCTest

/// Every blocking call in this package's tests has a timeout, so that a behaviour that breaks
/// fails its test instead of hanging the whole run.
final class BlockingCallTimeoutTests: RxTestingTestCase {
    /// The package's `Tests` folder.
    private static let testsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Calls that wait for as long as it takes, and what to write instead.
    private static let unboundedCalls: [(call: String, instead: String)] = [
        (".toBlocking" + "()", "toBlocking(timeout: 5)"),
        (".wait" + "()", "wait(timeout: .now() + 10), checking the result"),
    ]

    /// Ends a line whose call has no timeout of its own because the sequence it waits for is
    /// bounded (by the `timeout` operator, say); the comment goes on to say by what.
    private static let boundedMarker = "// bounded by "

    func testEveryBlockingCallInTheTestsHasATimeout() throws {
        var offenders: [String] = []
        let files = try XCTUnwrap(FileManager.default.enumerator(at: Self.testsFolder, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" && !url.path.contains("/.build/") {
            let source = try String(contentsOf: url, encoding: .utf8)
            let name = url.path.replacingOccurrences(of: Self.testsFolder.path + "/", with: "")
            for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for unbounded in Self.unboundedCalls
                where line.contains(unbounded.call) && !line.contains(Self.boundedMarker) {
                    offenders.append("\(name):\(number + 1): \(unbounded.call) → \(unbounded.instead)")
                }
                // A child process is waited for only once a timer is set to kill it.
                if line.contains(".waitUntilExit" + "()"), !source.contains("SIGKILL") {
                    offenders.append("\(name):\(number + 1): waitUntilExit with no timer that kills the process")
                }
            }
        }

        XCTAssertEqual(offenders, [], "blocking calls in the tests without a timeout")
    }
}
