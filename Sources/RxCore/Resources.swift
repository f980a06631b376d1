// Mirrors RxSwift's RxSwift/Rx.swift `Resources` (compiled there only with TRACE_RESOURCES).
// Deviation from RxSwift: always compiled and always counting; locks are not counted, so a
// subject counts 2 (Observable + subject) where RxSwift's TRACE_RESOURCES build counts 4.

import Synchronization

/// The number of live Rx objects: observables, sinks, anonymous observers and disposables.
///
/// Each counts +1 in `init` and −1 in `deinit`, as in RxSwift's `TRACE_RESOURCES` builds, and
/// subjects count once more in their own `init`. A test that ends with a higher ``total``
/// than it began with has leaked.
public enum Resources {
    /// The number of live counted objects in the process.
    public static var total: Int32 {
        liveCount.load(ordering: .relaxed)
    }

    /// Counts one more live object; returns the new total.
    @discardableResult
    @inlinable public static func incrementTotal() -> Int32 {
        liveCount.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Counts one fewer live object; returns the new total.
    @discardableResult
    @inlinable public static func decrementTotal() -> Int32 {
        liveCount.wrappingSubtract(1, ordering: .relaxed).newValue
    }
}

/// Storage behind ``Resources/total``.
@usableFromInline let liveCount = Atomic<Int32>(0)

// Performance: `incrementTotal`/`decrementTotal` are @inlinable (the counter @usableFromInline):
// one relaxed atomic add inside the client's inlined `init`s (row W2); see
// Documentation/Performance.md.
