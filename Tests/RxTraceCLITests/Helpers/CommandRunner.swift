import Foundation
import XCTest

/// What one run of the built `rxtrace` binary did.
struct CommandResult {
    let status: Int32
    let standardOutput: String
    let standardError: String

    /// The lines of stderr, without the empty one after the last newline.
    var errorLines: [Substring] {
        standardError.split(separator: "\n", omittingEmptySubsequences: true)
    }
}

/// Runs the `rxtrace` executable that `swift build` put next to the test bundle.
enum CommandRunner {
    /// The folder holding the build products (`.build/debug`).
    static var productsDirectory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        fatalError("no .xctest bundle found")
        #else
        return Bundle.main.bundleURL
        #endif
    }

    /// How long a run may take before it is killed and its test fails.
    static let timeout: TimeInterval = 120

    /// Runs `rxtrace` with `arguments` in `directory`, waiting for it to exit, for at most
    /// ``timeout`` seconds: a command that hangs is killed and the test fails instead of the
    /// whole run hanging.
    static func rxtrace(_ arguments: [String], in directory: URL? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("rxtrace")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let killer = Self.kill(process.processIdentifier, after: timeout)
        // Read both pipes before waiting, so a large output cannot fill a pipe and block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        killer.cancel()
        if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL {
            throw TimedOut(arguments: arguments, seconds: timeout)
        }
        return CommandResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
    }

    /// Sends SIGKILL to process `pid` after `seconds`, unless the returned work item is
    /// cancelled first.
    static func kill(_ pid: Int32, after seconds: TimeInterval) -> DispatchWorkItem {
        let killer = DispatchWorkItem { _ = Foundation.kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: killer)
        return killer
    }

    /// A command was killed because it ran longer than ``timeout``.
    struct TimedOut: Error, CustomStringConvertible {
        let arguments: [String]
        let seconds: TimeInterval

        var description: String { "rxtrace \(arguments.joined(separator: " ")) did not exit within \(Int(seconds)) s" }
    }

    /// A new empty temporary folder, removed when the test ends.
    static func temporaryDirectory(for testCase: XCTestCase) throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("rxtrace-cli-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        testCase.addTeardownBlock {
            try? FileManager.default.removeItem(at: directory)
        }
        return directory
    }
}
