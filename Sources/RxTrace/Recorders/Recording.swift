import Foundation
import RxCore
import Synchronization

/// Starts recording everything RxCore does into a new trace file at `path`.
///
/// Creates a ``SQLiteTraceRecorder``, installs it for the whole process, and returns the
/// recording; ``TraceRecording/stop()`` completes the trace. If the process ends first, by
/// `exit` or by a fatal signal, the trace is completed then and says how the run ended. A
/// recording still running when `record` is called again is stopped first, so a tool can
/// record one run after another.
///
/// - Parameters:
///   - path: the trace file to create; `%p` in it becomes the process id. An RxTrace trace
///     there that nobody is writing or reading is replaced; a file in use, or one that is not
///     a trace, is left alone and the trace goes to a sibling, `NAME.<pid>.EXT`, as one line
///     on stderr says. ``TraceRecording/path`` is where it went.
///   - program: what is recorded, for `run.program`; the process name by default.
///   - recordingValues: `false` to record event kinds without element values.
///   - detail: ``RecordingDetail/events`` to record objects, subscriptions and events without
///     RxCore's internal calls (no call flows), for long runs of whole programs.
/// - Returns: the recording, to stop.
/// - Throws: ``TraceCreationError`` saying why the file cannot be created.
public func record(
    to path: String, program: String? = nil, recordingValues: Bool = true, detail: RecordingDetail = .calls
) throws -> TraceRecording {
    try TraceRecording.start(
        path: path, program: program ?? ProcessInfo.processInfo.processName, isRecordingValues: recordingValues,
        detail: detail
    )
}

/// A recording started by ``record(to:program:recordingValues:detail:)``: stop it to complete the
/// trace.
public final class TraceRecording: Sendable {
    /// The trace file: the path asked for, or the sibling written instead.
    public let path: String
    /// The recorder writing it.
    public let recorder: SQLiteTraceRecorder

    private init(recorder: SQLiteTraceRecorder) {
        self.path = recorder.path
        self.recorder = recorder
    }

    /// The recording that is installed, if any.
    private static let current = LockedState<TraceRecording?>(nil)

    fileprivate static func start(
        path: String, program: String, isRecordingValues: Bool, detail: RecordingDetail
    ) throws -> TraceRecording {
        try current.withLock { current in
            if let previous = current {
                previous.synchronized_uninstall()
                current = nil
                try previous.recorder.finish()
            }
            let recording = TraceRecording(
                recorder: try SQLiteTraceRecorder(
                    path: path, program: program, isRecordingValues: isRecordingValues, detail: detail
                )
            )
            Termination.watch(recording.recorder.session)
            Instrumentation.bootstrapInternal(recording.recorder)
            current = recording
            return recording
        }
    }

    /// Stops recording and completes the trace: RxCore no longer records, and the file is
    /// written to the end and closed. Calling it again does nothing.
    ///
    /// - Throws: the error that stopped the writer, if writing failed.
    public func stop() throws {
        Self.current.withLock { current in
            guard current === self else { return }
            synchronized_uninstall()
            current = nil
        }
        try recorder.finish()
    }

    /// Removes the recorder from RxCore and from ``Termination``; call with `current` locked.
    private func synchronized_uninstall() {
        Instrumentation.bootstrapInternal(nil)
        Termination.unwatch(recorder.session)
    }
}
