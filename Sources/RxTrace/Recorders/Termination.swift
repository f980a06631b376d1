import Glibc
import RxCore
import Synchronization

/// Completes the active recording's trace when the process ends without stopping it: on
/// `exit` (and a return from `main`) through `atexit`, and on fatal signals through handlers.
///
/// On exit the trace ends `'exited'` and is complete (end time, `Resources.total`, indexes).
/// On a signal it ends `'signal'` with the signal's name: the handler asks the writer thread to
/// drain what it can and commit, waits for it at most ``signalWait``, then puts back the
/// action that was there before (the default, or Swift's backtracer) and raises the signal
/// again, so the process dies as it would have. What runs inside the handler is
/// async-signal-safe (atomics, `sem_post`, `nanosleep`, `sigaction`, `raise`); see
/// ``RecordingSession/terminate(_:waitingAtMost:)`` for how a handler that interrupted a
/// producer in the middle of an append avoids waiting for it.
///
/// Swift's `fatalError` and `preconditionFailure` stop with `ud2` on x86-64 Linux, which is
/// SIGILL; `abort()` is SIGABRT; a `brk`/`int3` trap is SIGTRAP.
enum Termination {
    /// The signals that end a recording: those whose default action ends the process.
    static let signals: [Int32] = [
        SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGABRT, SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE,
    ]

    /// How long a signal handler waits for the writer: long enough to write seconds of spool
    /// (the writer stops starting batches at 60% of it) and checkpoint, short enough that a
    /// stuck writer cannot keep a dying process alive.
    static let signalWait = 5_000_000_000

    /// How long `exit` waits for the writer, which also builds the indexes.
    static let exitWait = 120_000_000_000

    /// Makes `session` the one whose trace is completed at exit or on a signal, installing the
    /// `atexit` hook and the handlers the first time.
    static func watch(_ session: RecordingSession) {
        installOnce()
        // The reference stays retained: a handler may be reading it as it is replaced.
        watchedSession.store(UInt(bitPattern: Unmanaged.passRetained(session).toOpaque()), ordering: .releasing)
    }

    /// Stops completing `session`'s trace at exit; it was stopped normally.
    static func unwatch(_ session: RecordingSession) {
        let pointer = UInt(bitPattern: Unmanaged.passUnretained(session).toOpaque())
        _ = watchedSession.compareExchange(expected: pointer, desired: 0, ordering: .acquiringAndReleasing)
    }

    /// The watched session, if any.
    fileprivate static var watched: RecordingSession? {
        guard let pointer = UnsafeRawPointer(bitPattern: watchedSession.load(ordering: .acquiring)) else {
            return nil
        }
        return Unmanaged<RecordingSession>.fromOpaque(pointer).takeUnretainedValue()
    }

    private static func installOnce() {
        isInstalled.withLock { isInstalled in
            guard !isInstalled else { return }
            isInstalled = true
            atexit {
                Termination.watched?.terminate(.exited, waitingAtMost: Termination.exitWait)
            }
            for signal in signals {
                install(signal)
            }
            ignoreFileSizeLimitSignal()
        }
    }

    /// Makes a file-size limit (`ulimit -f`) fail the trace's writes with `EFBIG`, which the
    /// writer treats as a full disk (the trace ends there, saying why, and the program runs
    /// on), instead of letting `SIGXFSZ` kill the program: only while the signal has its
    /// default action, so a program that handles it keeps its handler.
    private static func ignoreFileSizeLimitSignal() {
        var current = sigaction()
        sigaction(SIGXFSZ, nil, &current)
        guard
            unsafeBitCast(current.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_DFL, to: Int.self)
        else { return }
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        sigaction(SIGXFSZ, &ignore, nil)
    }

    /// Installs the handler for `signal`, unless the process ignores it (under `nohup`, say),
    /// in which case the signal ends nothing.
    private static func install(_ signal: Int32) {
        var previous = sigaction()
        sigaction(signal, nil, &previous)
        if unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
        {
            return
        }
        previousActions.pointer[Int(signal)] = previous
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            Termination.watched?.terminate(.signal(signal), waitingAtMost: Termination.signalWait)
            sigaction(signal, &previousActions.pointer[Int(signal)], nil)
            raise(signal)
        }
        sigemptyset(&action.sa_mask)
        // On an alternate stack when the thread has one (a stack overflow leaves no room).
        action.sa_flags = SA_ONSTACK
        sigaction(signal, &action, nil)
    }
}

/// Whether the `atexit` hook and handlers are installed; they stay for the process.
private let isInstalled = LockedState(false)

/// The address of the watched ``RecordingSession``, or 0.
private let watchedSession = Atomic<UInt>(0)

/// The action each signal had before RxTrace's handler, indexed by signal number; written
/// before the handler is installed, read by the handler.
private let previousActions = SignalActions()

/// A fixed table of `sigaction`s that a signal handler can read without locking or allocating.
private final class SignalActions {
    let pointer: UnsafeMutablePointer<sigaction>

    init() {
        pointer = .allocate(capacity: 65)
        pointer.initialize(repeating: sigaction(), count: 65)
    }
}

// Each entry is written under `isInstalled`'s mutex before its signal's handler exists, and
// only read afterwards (by that handler).
extension SignalActions: @unchecked Sendable {}
