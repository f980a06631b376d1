import Foundation
import XCTest

/// Runs the `rxtrace-fixture` executable, built next to the test bundle, as a child process.
enum Fixture {
    /// How the child ended.
    enum Ending: Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// The fixture binary: `swift test` builds it into the same directory as the test bundle
    /// (`.build/debug/`), whose path is the test process's first argument on Linux.
    static var executable: URL {
        get throws {
            let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
                .deletingLastPathComponent()
            for directory in [bundleDirectory, Bundle.main.bundleURL] {
                let candidate = directory.appendingPathComponent("rxtrace-fixture")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            }
            throw XCTSkip("rxtrace-fixture not found next to \(bundleDirectory.path)")
        }
    }

    /// How long a fixture run may take before it is killed and its test fails.
    static let timeout: TimeInterval = 120

    /// A fixture run was killed because it ran longer than ``timeout``.
    struct TimedOut: Error, CustomStringConvertible {
        let arguments: [String]
        let seconds: TimeInterval

        var description: String { "rxtrace-fixture \(arguments.joined(separator: " ")) did not exit within \(Int(seconds)) s" }
    }

    /// Runs the fixture with `arguments` and `environment` added to a clean copy of ours
    /// (no RXTRACE_ variables, Swift's crash backtracer off to keep crashes quick and quiet),
    /// for at most ``timeout`` seconds.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Ending {
        try runCapturingStandardError(arguments, environment: environment).ending
    }

    /// Runs the fixture like ``run(_:environment:)`` and returns what it wrote to stderr too.
    static func runCapturingStandardError(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (ending: Ending, standardError: String, processID: Int32) {
        let process = try makeProcess(arguments, environment: environment)
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let errorData = try waitForExit(process) { error.fileHandleForReading.readDataToEndOfFile() }
        return (ending(of: process), String(decoding: errorData, as: UTF8.self), process.processIdentifier)
    }

    /// Starts the fixture with pipes for its stdin and stdout, without waiting for it.
    static func start(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (process: Process, input: Pipe, output: Pipe) {
        let process = try makeProcess(arguments, environment: environment)
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, input, output)
    }

    /// Waits for `process`, started with ``start(_:environment:)``, to exit, for at most
    /// ``timeout`` seconds: one that hangs is killed and the test fails.
    static func waitForExit(_ process: Process) throws {
        try waitForExit(process) {}
    }

    /// Runs `whileRunning` (reading the process's pipes to their end), then waits for
    /// `process` to exit; after ``timeout`` seconds in all the process is killed, so a fixture
    /// that hangs fails its test instead of hanging the run.
    static func waitForExit<Result>(_ process: Process, whileRunning: () -> Result) throws -> Result {
        let pid = process.processIdentifier
        let killer = DispatchWorkItem { _ = kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        let result = whileRunning()
        process.waitUntilExit()
        killer.cancel()
        if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL {
            throw TimedOut(arguments: process.arguments ?? [], seconds: timeout)
        }
        return result
    }

    /// How `process`, which has exited, ended.
    static func ending(of process: Process) -> Ending {
        switch process.terminationReason {
        case .exit: .exited(process.terminationStatus)
        case .uncaughtSignal: .signaled(process.terminationStatus)
        @unknown default: .exited(process.terminationStatus)
        }
    }

    private static func makeProcess(_ arguments: [String], environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        var childEnvironment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RXTRACE_") }
        childEnvironment["SWIFT_BACKTRACE"] = "enable=no"
        childEnvironment.merge(environment) { $1 }
        process.environment = childEnvironment
        return process
    }

    /// A fresh path for a trace in the temporary directory, removed with its `-wal` and `-shm`
    /// when the test process exits, so test runs leave no traces behind.
    static func temporaryTracePath(_ name: String) -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("rxtrace-\(name)-\(ProcessInfo.processInfo.processIdentifier).sqlite").path
        TemporaryTraces.shared.remove(path)
        TemporaryTraces.shared.removeAtExit(path)
        return path
    }
}

/// The traces this test process made in the temporary directory, removed when it exits.
private final class TemporaryTraces: @unchecked Sendable {  // `paths` is guarded by `lock`.
    static let shared = TemporaryTraces()

    private let lock = NSLock()
    private var paths: Set<String> = []

    private init() {
        atexit { TemporaryTraces.shared.removeAll() }
    }

    /// Removes `path`'s trace when the process exits.
    func removeAtExit(_ path: String) {
        lock.withLock { _ = paths.insert(path) }
    }

    /// Removes the trace at `path` and its WAL and shared-memory files, where they exist.
    func remove(_ path: String) {
        for suffix in ["", "-wal", "-shm"] {
            unlink(path + suffix)
        }
    }

    private func removeAll() {
        for path in lock.withLock({ paths }) {
            remove(path)
        }
    }
}
