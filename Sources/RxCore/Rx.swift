// Mirrors RxSwift's RxSwift/Rx.swift.
// Deviation from RxSwift: no DEBUG `SynchronizationTracker` (RxSwift warns when events overlap from two
// threads or re-entrantly), no `incrementChecked`/`decrementChecked`; adds the package-level
// `FatalErrorInDebug.intercept`. `Resources` is in Resources.swift.

import Synchronization

/// Traps: a subclass must override the method that called this.
@usableFromInline func rxAbstractMethod(file: StaticString = #file, line: UInt = #line) -> Swift.Never {
    rxFatalError("Abstract method")
}

/// Traps with `message`: used for broken invariants, never for user input.
func rxFatalError(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Swift.Never {
    fatalError(message())
}

/// Traps with `message` in debug builds and prints it in release builds, as RxSwift's does:
/// for a broken rule of use that a release build survives, such as an error sent to a relay
/// or a ``Binder`` by `bind`, or a trait's source breaking the trait's rule (a `Single` that
/// completed without an element).
///
/// While a test has set ``FatalErrorInDebug/intercept``, the message goes there and the call
/// returns, as in a release build, so tests can check the rule without crashing.
package func rxFatalErrorInDebug(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) {
    if let intercept = FatalErrorInDebug.intercept {
        intercept(message())
        return
    }
    #if DEBUG
    fatalError(message())
    #else
    print("\(file):\(line): \(message())")
    #endif
}

/// The test-only way around ``rxFatalErrorInDebug(_:)``'s trap.
package enum FatalErrorInDebug {
    /// Receives the message instead of the trap.
    package typealias Intercept = @Sendable (String) -> Void

    private static let state = LockedState<Intercept?>(nil)

    /// Receives the messages while set; `nil` (the default) traps in debug builds. Tests set
    /// it and reset it before they end.
    package static var intercept: Intercept? {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }
}

// Performance: `rxAbstractMethod` is @usableFromInline because @inlinable abstract methods
// (`Producer.run`, `ObserverBase.onCore`) call it; see Documentation/Performance.md.
