// Mirrors RxSwift's RxSwift/Schedulers/Internal/DispatchQueueConfiguration.swift.
// Deviation from RxSwift: each action goes to the queue or timer inside a traced
// `ScheduledWorkItem`, so a trace links the thread that scheduled it to the thread that ran
// it; the configuration carries the name of the step the running thread records.

import Dispatch

/// The queue and timer leeway shared by the dispatch-queue schedulers, and the three ways they
/// schedule work on that queue: now, after a delay, and periodically.
///
/// ``SerialDispatchQueueScheduler`` and ``ConcurrentDispatchQueueScheduler`` each keep one.
struct DispatchQueueConfiguration {
    /// Where the work runs.
    let queue: DispatchQueue
    /// How late the system may fire the timers of delayed and periodic work.
    let leeway: DispatchTimeInterval
    /// The step the queue's thread records when it runs an item:
    /// `SerialDispatchQueueScheduler.invoke`.
    let invokeStepName: StaticString

    /// Runs `action` with `state` on the queue, unless the returned disposable was disposed
    /// before it got to run.
    ///
    /// - Returns: a disposable that cancels the action if it has not started, and disposes what
    ///   the action returned once it has.
    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let cancel = SingleAssignmentDisposable()
        let item = ScheduledWorkItem(invokeStepName: invokeStepName) {
            if cancel.isDisposed {
                return
            }
            cancel.setDisposable(action(state))
        }
        item.enqueue { item in
            queue.async { item.invoke() }
        }
        return cancel
    }

    /// Runs `action` with `state` on the queue once `dueTime` has passed, by a one-shot
    /// dispatch timer.
    ///
    /// - Returns: a disposable that cancels the timer if it has not fired, and disposes what
    ///   the action returned once it has.
    func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let deadline = DispatchTime.now() + dueTime
        let compositeDisposable = CompositeDisposable()

        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: deadline, leeway: leeway)

        // As in RxSwift, the cancel disposable holds the timer until it fired or was
        // cancelled: a timer nobody references may never fire.
        var timerReference: DispatchSourceTimer? = timer
        let cancelTimer = Disposables.create {
            timerReference?.cancel()
            timerReference = nil
        }

        let item = ScheduledWorkItem(invokeStepName: invokeStepName) {
            if compositeDisposable.isDisposed {
                return
            }
            _ = compositeDisposable.insert(action(state))
            cancelTimer.dispose()
        }
        item.enqueue { item in
            timer.setEventHandler { item.invoke() }
            timer.resume()
        }

        _ = compositeDisposable.insert(cancelTimer)
        return compositeDisposable
    }

    /// Runs `action` on the queue after `startAfter`, then every `period`, each time with the
    /// state the previous run returned, by a repeating dispatch timer.
    ///
    /// - Returns: a disposable that cancels the timer.
    func schedulePeriodic<StateType>(
        _ state: StateType,
        startAfter: RxTimeInterval,
        period: RxTimeInterval,
        action: @escaping (StateType) -> StateType
    ) -> Disposable {
        let initial = DispatchTime.now() + startAfter
        // Read and written only by the timer's handler, which never runs twice at once.
        var timerState = state

        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: initial, repeating: period, leeway: leeway)

        // As in `scheduleRelative`, the cancel disposable holds the timer until cancelled.
        var timerReference: DispatchSourceTimer? = timer
        let cancelTimer = Disposables.create {
            timerReference?.cancel()
            timerReference = nil
        }

        let item = ScheduledWorkItem(invokeStepName: invokeStepName) {
            if cancelTimer.isDisposed {
                return
            }
            timerState = action(timerState)
        }
        item.enqueue { item in
            timer.setEventHandler { item.invoke() }
            timer.resume()
        }

        return cancelTimer
    }
}
