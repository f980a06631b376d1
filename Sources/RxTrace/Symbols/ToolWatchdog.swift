import Dispatch
import Foundation
import Glibc
import RxCore

/// Kills a symbolizer's process that has not finished within its patience, so a tool that
/// hangs (or never gets past its start) costs a recording's `stop()` and a reader a bounded
/// wait, and their callers go on without the lines it would have named.
final class ToolWatchdog: Sendable {
    private enum State {
        case armed
        case disarmed
        case fired
    }

    private let state = LockedState(State.armed)

    /// Arms a watchdog that sends `SIGKILL` to `processID` after `patience` seconds, unless
    /// ``disarm()`` is called first.
    init(processID: Int32, patience: TimeInterval) {
        DispatchQueue.global().asyncAfter(deadline: .now() + patience) { [self] in
            let fires = state.withLock { state in
                guard state == .armed else { return false }
                state = .fired
                return true
            }
            if fires { kill(processID, SIGKILL) }
        }
    }

    /// Stops the watchdog; `false` when it had already killed the process.
    @discardableResult
    func disarm() -> Bool {
        state.withLock { state in
            guard state == .armed else { return state == .disarmed }
            state = .disarmed
            return true
        }
    }

    /// Runs `body` with `SIGPIPE` blocked on the calling thread, then discards a `SIGPIPE` it
    /// raised: a write to a tool that died fails with `EPIPE` instead of ending the program,
    /// which is the user's, and may rely on `SIGPIPE`'s default everywhere else.
    static func withBrokenPipeAsAnError<T>(_ body: () throws -> T) rethrows -> T {
        var brokenPipe = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
        defer {
            if sigismember(&previous, SIGPIPE) == 0 {
                var pending = sigset_t()
                sigpending(&pending)
                if sigismember(&pending, SIGPIPE) == 1 {
                    var now = timespec(tv_sec: 0, tv_nsec: 0)
                    _ = sigtimedwait(&brokenPipe, nil, &now)
                }
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return try body()
    }
}
