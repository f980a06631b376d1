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

    /// Runs `rxtrace` with `arguments` in `directory`, with `environment` added to ours, waiting
    /// for it to exit; after `timeout` seconds it is terminated (a hang fails the test, with
    /// status 15, instead of hanging the suite).
    static func rxtrace(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], timeout: Double = 120
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("rxtrace")
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let deadline = DispatchWorkItem { [process] in
            if process.isRunning { process.terminate() }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: deadline)
        defer { deadline.cancel() }
        // Read both pipes before waiting, so a large output cannot fill a pipe and block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: outputData, as: UTF8.self),
            standardError: String(decoding: errorData, as: UTF8.self)
        )
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
