import Glibc

/// How a recording ended: what `run.end_reason` and `run.signal_name` say.
enum RunEnd: Equatable, Sendable {
    /// The recording was stopped (`finish()` or ``TraceRecording/stop()``).
    case finished
    /// The process called `exit` (or returned from `main`) while recording.
    case exited
    /// A fatal signal cut the run short.
    case signal(Int32)

    /// `run.end_reason`.
    var reason: String {
        switch self {
        case .finished: "finished"
        case .exited: "exited"
        case .signal: "signal"
        }
    }

    /// `run.signal_name`: `SIGTERM`, `SIGILL`, …; `nil` unless a signal ended the run.
    var signalName: String? {
        guard case .signal(let number) = self else { return nil }
        return Self.signalNames[number] ?? "signal \(number)"
    }

    /// Whether the run ended cleanly, so its end time and final `Resources.total` are known.
    var isClean: Bool {
        if case .signal = self { return false }
        return true
    }

    /// The signals ``Termination`` catches, by name.
    static let signalNames: [Int32: String] = [
        SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT", SIGABRT: "SIGABRT",
        SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
    ]
}
