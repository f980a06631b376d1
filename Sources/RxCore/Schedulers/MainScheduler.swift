// Mirrors RxSwift's RxSwift/Schedulers/MainScheduler.swift.

import Dispatch
import Foundation
import Synchronization

/// Runs work on `DispatchQueue.main`; called on the main queue with nothing of its own
/// waiting there, it runs the work at once instead.
///
/// For UI work, and the scheduler `observe(on:)` is fastest with. To subscribe on the main
/// thread with `subscribe(on:)`, ``ConcurrentMainScheduler`` is the better fit.
///
/// On Linux, as with RxSwift, the work runs on `DispatchQueue.main` too, and the main queue
/// only runs blocks while the main thread serves it: a command-line program must end its
/// top-level code with `dispatchMain()` (which never returns) or run `RunLoop.main`
/// (`RunLoop.main.run(until:)`), or nothing scheduled here ever runs. XCTest's waits run the
/// main run loop, so tests see the work run while they wait for an expectation.
///
/// ``instance`` and ``asyncInstance`` live as long as the process and are not traced objects
/// (like `CurrentThreadScheduler.instance`); a `MainScheduler()` made by a program is.
public final class MainScheduler: SerialDispatchQueueScheduler {
    private let mainQueue: DispatchQueue

    /// How many actions were scheduled and have not finished; the shortcut that runs an
    /// action at once is taken only when it is 0, so actions never overtake queued ones.
    let numberEnqueued = Atomic<Int>(0)

    /// A main scheduler of your own; most code uses ``instance``.
    public convenience init() {
        self.init(isTraced: true)
    }

    private init(isTraced: Bool) {
        self.mainQueue = DispatchQueue.main
        super.init(serialQueue: mainQueue, invokeStepName: "MainScheduler.invoke", isTraced: isTraced)
    }

    /// The shared main scheduler.
    public static let instance = MainScheduler(isTraced: false)

    /// A scheduler on the main queue that always queues the work, even when called on the
    /// main queue.
    public static let asyncInstance = SerialDispatchQueueScheduler(serialQueue: DispatchQueue.main, isTraced: false)

    /// Traps, with `errorMessage` or a default message, unless called on the main queue.
    public static func ensureExecutingOnScheduler(errorMessage: String? = nil) {
        if !DispatchQueue.isMain {
            rxFatalError(
                errorMessage
                    ?? "Executing on background thread. "
                    + "Please use `MainScheduler.instance.schedule` to schedule work on main thread."
            )
        }
    }

    /// Traps, with `errorMessage` or a default message, unless called on the main thread.
    ///
    /// As in RxSwift, it checks nothing on Linux, where RxSwift found `Thread.isMainThread`
    /// missing; ``ensureExecutingOnScheduler(errorMessage:)`` checks on every platform.
    public static func ensureRunningOnMainThread(errorMessage: String? = nil) {
        #if !os(Linux)
        guard Thread.isMainThread else {
            rxFatalError(errorMessage ?? "Running on background thread.")
        }
        #endif
    }

    /// Runs `action` at once when called on the main queue with no action of this scheduler
    /// waiting or running; otherwise queues it on the main queue.
    override func scheduleInternal<StateType>(
        _ state: StateType, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let call = TraceCall.enter("MainScheduler.scheduleInternal", on: self); defer { call.exit() }
        let previousNumberEnqueued = numberEnqueued.add(1, ordering: .acquiringAndReleasing).oldValue

        if DispatchQueue.isMain && previousNumberEnqueued == 0 {
            let disposable = action(state)
            numberEnqueued.subtract(1, ordering: .acquiringAndReleasing)
            return disposable
        }

        let cancel = SingleAssignmentDisposable()
        let item = ScheduledWorkItem(invokeStepName: "MainScheduler.invoke") {
            if !cancel.isDisposed {
                cancel.setDisposable(action(state))
            }
            self.numberEnqueued.subtract(1, ordering: .acquiringAndReleasing)
        }
        item.enqueue { item in
            self.mainQueue.async { item.invoke() }
        }
        return cancel
    }
}

// Its own state is the atomic `numberEnqueued`; the rest are constants, as in its superclass.
extension MainScheduler: @unchecked Sendable {}
