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
    /// and returns its exit status and the most memory it held: its peak resident set, the
    /// `VmHWM` of `/proc/PID/status`, read every millisecond until it exits (the mark only
    /// rises, so the last reading holds all but the last millisecond).
    ///
    /// Not `wait4`'s `ru_maxrss`: `posix_spawn` starts the child on this process's address
    /// space (a `vfork`), and Linux carries that space's high-water mark into the child's
    /// `ru_maxrss` when it starts its program, so it gave this test process's own peak whenever
    /// that was the larger (after a recording in the same test, or in a suite's long run).
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
        var peakKilobytes = 0
        while true {
            peakKilobytes = max(peakKilobytes, highWaterKilobytes(of: pid) ?? 0)
            let waited = waitpid(pid, &status, WNOHANG)
            if waited == pid || (waited == -1 && errno != EINTR) { break }
            usleep(1_000)
        }
        killer.cancel()
        guard status & 0x7F == 0 else { throw TimedOut(arguments: arguments, seconds: timeout) }
        return ((status >> 8) & 0xFF, peakKilobytes)
    }

    /// The `VmHWM` line of `/proc/PID/status`: the peak resident set of the program process
    /// `pid` runs, in kB; `nil` once it has exited.
    private static func highWaterKilobytes(of pid: pid_t) -> Int? {
        // Read to the end: a `/proc` file says its size is 0, which `String(contentsOfFile:)` believes.
        let descriptor = open("/proc/\(pid)/status", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(descriptor, &chunk, chunk.count)
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        let status = String(decoding: bytes, as: UTF8.self)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        // `VmHWM:\t   27576 kB`
        return line.dropFirst("VmHWM:".count).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
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
