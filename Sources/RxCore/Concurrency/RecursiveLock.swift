// Mirrors RxSwift's Platform/RecursiveLock.swift.
// Deviation from RxSwift: a pthread recursive mutex rather than NSRecursiveLock (no
// Foundation in RxCore), and never counted in `Resources.total`.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock the thread that holds it may take again; subjects and sinks guard their state with it.
///
/// Recursion matters in Rx: delivering an event under a lock may call back, on the same thread,
/// into the same object (a subscriber that sends to the subject it listens to).
public final class RecursiveLock {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A new, unlocked lock.
    public init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Takes the lock, waiting while another thread holds it.
    @inlinable public func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Releases one level of the lock.
    @inlinable public func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` with the lock held.
    @inlinable public func performLocked<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}

// The pthread mutex is the synchronization itself: it is safe to use from any thread.
extension RecursiveLock: @unchecked Sendable {}

// Performance: `lock`, `unlock` and `performLocked` are @inlinable, so a subject's critical section
// compiles into the client's specialized code (Benchmarks rows W1s, W3, W4, W5z); see
// Documentation/Performance.md.
