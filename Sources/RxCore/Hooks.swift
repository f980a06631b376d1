// Mirrors RxSwift's RxSwift/ObservableType+Extensions.swift (its `extension Hooks`; the enum is in Rx.swift).
// Deviation from RxSwift: the hooks are `@Sendable` closures kept under a mutex, so that
// Swift 6's strict concurrency accepts them as global state.

import Foundation
import Synchronization

/// Process-wide hooks: what happens to an error no one handles, and whether subscribing
/// captures the call stack for that message.
public enum Hooks {
    /// Receives an error that reached a `subscribe` without `onError`, with the call stack
    /// captured at subscription (empty unless ``recordCallStackOnError``).
    public typealias DefaultErrorHandler = @Sendable (_ subscriptionCallStack: [String], _ error: Error) -> Void

    /// Captures the call stack of a `subscribe`.
    public typealias CustomCaptureSubscriptionCallstack = @Sendable () -> [String]

    private struct State {
        var recordCallStackOnError = false
        var defaultErrorHandler: DefaultErrorHandler = { subscriptionCallStack, error in
            if subscriptionCallStack.isEmpty {
                print("Unhandled error happened: \(error)")
            } else {
                print("Unhandled error happened: \(error)\n subscription called from:\n\(subscriptionCallStack.joined(separator: "\n"))")
            }
        }
        var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack = {
            Thread.callStackSymbols
        }
    }

    private static let state = LockedState(State())

    /// Whether `subscribe` captures its call stack for ``defaultErrorHandler``; off by default
    /// because capturing is slow.
    public static var recordCallStackOnError: Bool {
        get { state.withLock { $0.recordCallStackOnError } }
        set { state.withLock { $0.recordCallStackOnError = newValue } }
    }

    /// The handler for errors no `onError` handles; by default prints the error.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { state.withLock { $0.defaultErrorHandler } }
        set { state.withLock { $0.defaultErrorHandler = newValue } }
    }

    /// How `subscribe` captures its call stack when ``recordCallStackOnError`` is on.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { state.withLock { $0.customCaptureSubscriptionCallstack } }
        set { state.withLock { $0.customCaptureSubscriptionCallstack = newValue } }
    }
}
