// Mirrors RxCocoa's RxCocoa/Traits/SharedSequence/SchedulerType+SharedSequence.swift.
// Deviation from RxSwift: `make` is kept under a lock (Swift 6 rejects an unguarded global
// `var`), and is a get-only property; RxCocoa's is a `private(set)` variable, which reads the
// same from outside.

/// Where the built-in sharing strategies (``DriverSharingStrategy``, ``SignalSharingStrategy``)
/// get their scheduler: `MainScheduler()` unless a test swapped it with ``mock(scheduler:action:)``.
public enum SharingScheduler {
    /// Holds the current scheduler factory.
    fileprivate final class Storage {
        private let lock = RecursiveLock()
        /// Makes the scheduler the strategies use. Guarded by `lock`.
        private var makeScheduler: () -> SchedulerType = { MainScheduler() }

        var make: () -> SchedulerType {
            get { lock.performLocked { makeScheduler } }
            set { lock.performLocked { makeScheduler = newValue } }
        }
    }

    private static let storage = Storage()

    /// Makes the scheduler the built-in sharing strategies deliver on.
    public static var make: () -> SchedulerType {
        storage.make
    }

    /// Runs `action` with the built-in sharing strategies using `scheduler` instead of the
    /// main scheduler; for tests, never for release code. Rethrows what `action` throws.
    public static func mock(scheduler: SchedulerType, action: () throws -> Void) rethrows {
        try mock(makeScheduler: { scheduler }, action: action)
    }

    /// Runs `action` with the built-in sharing strategies using the schedulers
    /// `makeScheduler` makes; for tests, never for release code.
    ///
    /// Sequences built inside `action` keep the mocked scheduler after it returns; the
    /// previous factory is restored then, or when `action` throws, whose error is rethrown.
    public static func mock(makeScheduler: @escaping () -> SchedulerType, action: () throws -> Void) rethrows {
        let call = TraceCall.enter("SharingScheduler.mock"); defer { call.exit() }
        let originalMake = storage.make
        storage.make = makeScheduler
        defer { storage.make = originalMake }
        try action()
    }
}

// `makeScheduler` is read and written only while holding `lock`.
extension SharingScheduler.Storage: @unchecked Sendable {}
