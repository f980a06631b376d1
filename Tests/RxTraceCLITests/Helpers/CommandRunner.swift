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
    static func rxtrace(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
        timeout: TimeInterval = CommandRunner.timeout
    ) throws -> CommandResult {
        try run(
            productsDirectory.appendingPathComponent("rxtrace"), arguments, environment: environment, in: directory,
            timeout: timeout
        )
    }

    /// Runs `executable` with `arguments` in `directory`, with `environment` added to ours,
    /// waiting for it to exit, for at most ``timeout`` seconds.
    static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil,
        timeout: TimeInterval = CommandRunner.timeout
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
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

    /// Runs `rxtrace` with `arguments` (whose paths must be absolute), its output thrown away,
    /// and returns its exit status and the most memory it held (its peak resident set, from
    /// `wait4`).
    static func rxtraceMeasuringMemory(_ arguments: [String]) throws -> (status: Int32, peakKilobytes: Int) {
        let executable = productsDirectory.appendingPathComponent("rxtrace").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        let killer = kill(pid, after: timeout)
        var status: Int32 = 0
        var usage = rusage()
        _ = wait4(pid, &status, 0, &usage)
        killer.cancel()
        guard status & 0x7F == 0 else { throw TimedOut(arguments: arguments, seconds: timeout) }
        return ((status >> 8) & 0xFF, usage.ru_maxrss)
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

        var description: String { "\(arguments.joined(separator: " ")) did not exit within \(Int(seconds)) s" }
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
