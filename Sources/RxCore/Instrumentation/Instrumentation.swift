// RxCore's own, after swift-distributed-tracing's InstrumentationSystem: one process-wide
// slot holding the installed recorder, read with one atomic load on every hook.

import Synchronization

/// The process-wide switch between "record nothing" (the default) and a ``TraceRecorder``.
///
/// Every hook in RxCore starts by reading ``recorder``: one atomic load, and a branch when it
/// is `nil`. A program installs a recorder once with ``bootstrap(_:)``; RxTrace's
/// `record(to:)` does it for you.
public enum Instrumentation {
    /// Whether ``bootstrap(_:)`` was called; guarded by its mutex.
    private static let isBootstrapped = LockedState(false)

    /// Installs `recorder` for the rest of the process.
    ///
    /// Call it once, before the code you want to record runs; a second call is a programming
    /// error and traps, as swift-log's and swift-distributed-tracing's bootstraps do.
    public static func bootstrap(_ recorder: any TraceRecorder) {
        isBootstrapped.withLock { isBootstrapped in
            precondition(!isBootstrapped, "Instrumentation.bootstrap(_:) may be called only once per process")
            isBootstrapped = true
        }
        install(recorder)
    }

    /// Replaces the installed recorder, or removes it with `nil`, at any time.
    ///
    /// For tests and for tools inside this package (`record(to:)` sessions, `rxtrace run`) that
    /// record one run after another. Calls already inside a hook finish on the recorder they
    /// loaded, so a recorder must tolerate calls after it was replaced.
    package static func bootstrapInternal(_ recorder: (any TraceRecorder)?) {
        install(recorder)
    }

    /// The installed recorder, or `nil` when nothing records.
    @inlinable public static var recorder: (any TraceRecorder)? {
        installed?.recorder
    }

    /// The installed recorder when it records calls (``TraceRecorder/isRecordingCalls``), or
    /// `nil`: what a step's `TraceCall.enter` reads, so that with a recorder that leaves the
    /// calls out a step costs the same one atomic load and branch as with none, and builds no
    /// detail (W1s recorded with RxTrace's `RXTRACE_DETAIL=events`, `Benchmarks/README.md`).
    @inlinable package static var callRecorder: (any TraceRecorder)? {
        @inline(__always) get {
            guard let box = installed, box.isRecordingCalls else { return nil }
            return box.recorder
        }
    }

    /// The installed recorder's box, with its ``TraceRecorder/isRecordingCalls`` and
    /// ``TraceRecorder/isRecordingEvents`` read at installation, or `nil`: the one atomic load
    /// every hook starts with.
    @inlinable static var installed: RecorderBox? {
        @inline(__always) get { installedUnretained?.takeUnretainedValue() }
    }

    /// The installed recorder's box, not retained: an installed box is never released
    /// (``install(_:counting:)``), so it outlives every hook and every ``TraceCall`` that
    /// loaded it. What a step keeps from its start to its end.
    @inlinable static var installedUnretained: Unmanaged<RecorderBox>? {
        @inline(__always) get {
            guard let pointer = UnsafeRawPointer(bitPattern: installedBox.load(ordering: .acquiring)) else { return nil }
            return Unmanaged<RecorderBox>.fromOpaque(pointer)
        }
    }

    /// Runs `body` with the installed recorder's box, if one is installed, without retaining
    /// the box or its recorder: an installed box is never released (``install(_:counting:)``),
    /// so it outlives any hook that loaded it. A hook that only hands a record to the recorder
    /// and keeps nothing saves the retain and release pairs that reading ``installed`` and its
    /// ``RecorderBox/recorder`` cost, each an atomic read-modify-write.
    @inlinable @inline(__always) static func withInstalledBox(_ body: (RecorderBox) -> Void) {
        installedUnretained?._withUnsafeGuaranteedRef(body)
    }

    /// Whether a recorder is installed.
    @inlinable public static var isRecording: Bool {
        installedBox.load(ordering: .acquiring) != 0
    }

    /// How many times the installed recorder changed (one was installed, replaced or removed)
    /// in this process; installing the recorder that is installed already changes nothing.
    ///
    /// RxTesting's leak checks compare it before and after a test: a test that installed a
    /// recorder of its own (to test recording) took the leak checks' recorder away meanwhile,
    /// and its objects must be counted another way.
    package static var installationCount: Int {
        installations.withLock { $0 }
    }

    /// Installs `recorder` unless it is the installed one; returns ``installationCount`` as it
    /// is right afterwards.
    ///
    /// The check, the installation and the count are one step under one lock, so tests that
    /// start at the same moment and each make sure the same recorder is installed all read
    /// the same count: none of them takes another's installation for a foreign recorder.
    package static func installIfNeeded(_ recorder: any TraceRecorder) -> Int {
        installations.withLock { count in
            install(recorder, counting: &count)
            return count
        }
    }

    /// Reads `recorder`'s ``TraceRecorder/isRecordingCalls`` and
    /// ``TraceRecorder/isRecordingEvents`` again if it is the installed recorder; not an
    /// installation, so ``installationCount`` stays. For RxTesting's leak checks, which want
    /// the calls and events only while a trace file is attached to them.
    package static func reloadDetail(of recorder: any TraceRecorder) {
        installations.withLock { _ in
            guard let installed = self.recorder, installed === recorder else { return }
            // The previous box is left alive, as `install` leaves it.
            installedBox.store(UInt(bitPattern: Unmanaged.passRetained(RecorderBox(recorder)).toOpaque()), ordering: .releasing)
        }
    }

    private static func install(_ recorder: (any TraceRecorder)?) {
        installations.withLock { count in
            install(recorder, counting: &count)
        }
    }

    /// Installs `recorder`, holding the lock of `count`, and counts the change, if it is one.
    private static func install(_ recorder: (any TraceRecorder)?, counting count: inout Int) {
        if let recorder, let installed = self.recorder, installed === recorder { return }
        if recorder == nil, !isRecording { return }
        let pointer = recorder.map { UInt(bitPattern: Unmanaged.passRetained(RecorderBox($0)).toOpaque()) } ?? 0
        // The previous box is deliberately never released: another thread may have loaded it
        // a moment ago and still be using it. A box costs 16 bytes per installation.
        installedBox.store(pointer, ordering: .releasing)
        count += 1
    }
}

/// The number behind ``Instrumentation/installationCount``; its lock also serializes
/// installations, so a change and its count are one step.
private let installations = LockedState<Int>(0)

/// The address of the installed recorder's box, or 0; see ``Instrumentation/recorder``.
@usableFromInline let installedBox = Atomic<UInt>(0)

/// Holds an existential recorder at a stable address, so one pointer can be swapped atomically.
@usableFromInline final class RecorderBox: Sendable {
    @usableFromInline let recorder: any TraceRecorder
    /// The recorder's ``TraceRecorder/isRecordingCalls``, read once at installation.
    @usableFromInline let isRecordingCalls: Bool
    /// The recorder's ``TraceRecorder/isRecordingEvents``, read once at installation.
    @usableFromInline let isRecordingEvents: Bool
    /// The recorder's ``TraceRecorder/isRecordingCallers``, read once at installation.
    @usableFromInline let isRecordingCallers: Bool
    /// The recorder's ``TraceRecorder/isRecordingValues``, read once at installation: every
    /// recorded event and event step reads it, and a field costs no call.
    @usableFromInline let isRecordingValues: Bool

    init(_ recorder: any TraceRecorder) {
        self.recorder = recorder
        self.isRecordingCalls = recorder.isRecordingCalls
        self.isRecordingEvents = recorder.isRecordingEvents
        self.isRecordingCallers = recorder.isRecordingCallers
        self.isRecordingValues = recorder.isRecordingValues
    }
}

// Performance: `recorder` and `isRecording` are @inlinable (the box they read @usableFromInline):
// with nothing recording, an inlined step costs the client one atomic load and no call (every row);
// see Documentation/Performance.md.
