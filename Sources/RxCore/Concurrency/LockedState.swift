// RxCore's own: state behind a lock the thread sanitizer can see.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value reachable only while holding its lock: `Synchronization.Mutex`'s `withLock` on a
/// plain `pthread_mutex_t`.
///
/// The package uses it wherever it would use `Mutex`. On Linux the thread sanitizer cannot see
/// `Mutex`: it reports every access under one as a race, and so checks nothing that `Mutex`
/// guards. It understands `pthread_mutex_t`, which costs the same here: an uncontended
/// `withLock` took 6–15 ns with either, in a release-build loop on this noisy machine. Not
/// recursive: `body` must not take the same lock again.
///
/// `withLock` is inlinable, so a caller in another module gets it specialized for its state;
/// called unspecialized, the same loop took ~46 ns.
package final class LockedState<State>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Read and written only inside `withLock`, holding `mutex`.
    @usableFromInline var state: State

    /// A lock guarding `initialState`.
    package init(_ initialState: State) {
        state = initialState
        mutex = .allocate(capacity: 1)
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the state with the lock held, and returns what it returns.
    @inlinable
    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
