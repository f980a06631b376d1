/// The recorded run, as the `run` table describes it.
public struct TraceRun: Codable, Equatable, Sendable {
    /// How a run ended; `running` in a finished file means it was cut short without a word.
    public enum EndReason: String, Codable, Sendable {
        /// Never ended: the process was killed, or is still recording.
        case running
        /// Recording was stopped by the program.
        case finished
        /// The process called `exit` while recording.
        case exited
        /// A fatal signal (a crash, `fatalError`, SIGTERM) cut the run short.
        case signal
        /// The recorder could not write the trace and stopped there; ``TraceRun/failure`` says
        /// why.
        case failed
    }

    /// The schema version the file was written with.
    public var schemaVersion: Int
    /// What was recorded: an example's name, or the program's.
    public var program: String
    /// Wall-clock start time, ISO 8601 UTC.
    public var startTime: String
    /// When recording ended, in ns since it started; `nil` if cut short.
    public var endNanoseconds: Int64?
    /// How the run ended.
    public var endReason: EndReason
    /// The signal that cut the run short, if one did.
    public var signalName: String?
    /// Whether element values were recorded.
    public var isRecordingValues: Bool
    /// `Resources.total` when recording started.
    public var resourcesTotalStart: Int
    /// `Resources.total` when recording ended; `nil` if cut short.
    public var resourcesTotalEnd: Int?
    /// Records written.
    public var recordCount: Int
    /// Why the recorder stopped writing early, when it did (`endReason == .failed`).
    public var failure: String?
    /// Whether the calls were recorded (``RecordingDetail/calls``, and in every trace older
    /// than schema version 4) or left out (``RecordingDetail/events``).
    public var detail: RecordingDetail = .calls

    /// How much `Resources.total` grew while recording; `nil` if the run was cut short, or
    /// when a damaged trace's counts are too far apart to subtract.
    public var resourcesTotalChange: Int? {
        resourcesTotalDifference(from: resourcesTotalStart, to: resourcesTotalEnd)
    }

    /// Whether the run ended normally: stopped by the program, or by `exit`.
    public var isEndedCleanly: Bool {
        endReason == .finished || endReason == .exited
    }

    /// `ended cleanly`, `ended by exit`, `cut short by SIGTERM`, `cut short (never ended)`.
    public var endDescription: String {
        switch endReason {
        case .finished: "ended cleanly"
        case .exited: "ended by exit"
        case .signal: "cut short by \(signalName ?? "a signal")"
        case .running: "cut short (the trace never recorded an end)"
        case .failed: "cut short: the recorder could not write (\(failure ?? "no reason recorded"))"
        }
    }
}

/// `end - start`, or `nil` when there is no end or the difference overflows (absurd counts in a
/// damaged trace).
func resourcesTotalDifference(from start: Int, to end: Int?) -> Int? {
    guard let end else { return nil }
    let (change, overflow) = end.subtractingReportingOverflow(start)
    return overflow ? nil : change
}
