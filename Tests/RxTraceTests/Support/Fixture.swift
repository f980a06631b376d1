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
        let process = Process()
        process.executableURL = try executable
        process.arguments = arguments
        var childEnvironment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("RXTRACE_") }
        childEnvironment["SWIFT_BACKTRACE"] = "enable=no"
        childEnvironment.merge(environment) { $1 }
        process.environment = childEnvironment
        process.standardError = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // A fixture that hangs is killed, and the test fails, instead of the whole run hanging.
        let pid = process.processIdentifier
        let killer = DispatchWorkItem { _ = kill(pid, SIGKILL) }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: killer)
        process.waitUntilExit()
        killer.cancel()
        if process.terminationReason == .uncaughtSignal, process.terminationStatus == SIGKILL {
            throw TimedOut(arguments: arguments, seconds: timeout)
        }
        switch process.terminationReason {
        case .exit: return .exited(process.terminationStatus)
        case .uncaughtSignal: return .signaled(process.terminationStatus)
        @unknown default: return .exited(process.terminationStatus)
        }
    }

    /// A fresh path for a trace in the temporary directory.
    static func temporaryTracePath(_ name: String) -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("rxtrace-\(name)-\(ProcessInfo.processInfo.processIdentifier).sqlite").path
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
        return path
    }
}
