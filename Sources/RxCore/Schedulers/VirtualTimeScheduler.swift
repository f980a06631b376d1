// Mirrors RxSwift's RxSwift/Schedulers/VirtualTimeScheduler.swift.
// Deviation from RxSwift: the scheduler is a traced object (an init and a deinit row while
// recording) and counts in `Resources.total` always, not only under TRACE_RESOURCES; while
// recording it binds `Instrumentation.virtualTime` around each item it runs; the thread it
// must stay on is compared with `pthread_equal` rather than Foundation's `Thread`.

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The base of schedulers whose clock moves only when they run work: a queue of actions
/// ordered by virtual due time, run one after another while the clock jumps from each due
/// time to the next.
///
/// Nothing runs until ``start()`` or ``advanceTo(_:)``. Actions due at the same time run in
/// the order they were scheduled. The scheduler belongs to the thread that created it: using
/// it from another thread traps, as in RxSwift. Counted in ``Resources/total``, as
/// RxSwift's `TRACE_RESOURCES` builds count it.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, TraceableObject {
    /// A point in this scheduler's virtual time.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// A span of this scheduler's virtual time.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    /// Whether ``start()`` or ``advanceTo(_:)`` is running work.
    private var running = false
    /// The virtual time now.
    private var currentClock: VirtualTime
    /// The scheduled work, the earliest due (then the earliest scheduled) first.
    private var schedulerQueue: PriorityQueue<VirtualSchedulerItem<VirtualTime>>
    private let converter: Converter
    /// The serial number of the next scheduled item; breaks ties between equal due times.
    private var nextId = 0
    /// The thread that created the scheduler; every call must come from it.
    private let thread: pthread_t

    /// The id the recorder gave this scheduler, or ``ObjectID/none``.
    public private(set) var traceObjectID = ObjectID.none

    /// The current virtual time as a real date.
    public var now: RxTime {
        converter.convertFromVirtualTime(clock)
    }

    /// The current virtual time.
    public var clock: VirtualTime {
        currentClock
    }

    /// A scheduler whose clock starts at `initialClock`.
    ///
    /// - Parameters:
    ///   - initialClock: the virtual time before any work runs.
    ///   - converter: how the scheduler compares, offsets and converts its virtual times.
    public init(initialClock: VirtualTime, converter: Converter) {
        self.currentClock = initialClock
        self.converter = converter
        self.thread = pthread_self()
        self.schedulerQueue = PriorityQueue(
            hasHigherPriority: { lhs, rhs in
                switch converter.compareVirtualTime(lhs.time, rhs.time) {
                case .lessThan: true
                case .equal: lhs.id < rhs.id
                case .greaterThan: false
                }
            },
            isEqual: { $0 === $1 }
        )
        Resources.incrementTotal()
        self.traceObjectID = Instrumentation.objectInitialized(self)
    }

    /// Schedules `action` to run with `state` as soon as the scheduler runs, after the work
    /// already due now.
    ///
    /// - Returns: a disposable that cancels the action if it has not run yet.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    /// Schedules `action` to run with `state` after the real interval `dueTime`, converted to
    /// virtual time and adjusted by ``adjustScheduledTime(_:)``.
    ///
    /// - Returns: a disposable that cancels the action if it has not run yet.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = now.addingDispatchInterval(dueTime)
        let absoluteTime = converter.convertToVirtualTime(time)
        let adjustedTime = adjustScheduledTime(absoluteTime)
        return scheduleAbsoluteVirtual(state, time: adjustedTime, action: action)
    }

    /// Schedules `action` to run with `state` after the virtual interval `dueTime`, counted
    /// from ``clock``; no adjustment is applied.
    ///
    /// - Returns: a disposable that cancels the action if it has not run yet.
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = converter.offsetVirtualTime(clock, offset: dueTime)
        return scheduleAbsoluteVirtual(state, time: time, action: action)
    }

    /// Schedules `action` to run with `state` at the virtual time `time`.
    ///
    /// A time that has already passed runs as soon as the scheduler runs, without moving the
    /// clock back.
    ///
    /// - Returns: a disposable that cancels the action if it has not run yet.
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let call = TraceCall.enter("VirtualTimeScheduler.scheduleAbsoluteVirtual", on: self, detail: "at \(time)")
        defer { call.exit() }
        ensureRunningOnCorrectThread()
        let compositeDisposable = CompositeDisposable()
        let item = VirtualSchedulerItem(action: { action(state) }, time: time, id: nextId)
        nextId += 1
        schedulerQueue.enqueue(item)
        _ = compositeDisposable.insert(item)
        return compositeDisposable
    }

    /// The virtual time at which work scheduled for `time` really runs; subclasses override
    /// it (``TestScheduler`` moves work due now one tick later).
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime {
        time
    }

    /// Runs the scheduled work, moving the clock to each item's due time, until no work is
    /// left or ``stop()`` is called; does nothing if the scheduler is already running.
    public func start() {
        if running {
            return
        }
        let call = TraceCall.enter("VirtualTimeScheduler.start", on: self); defer { call.exit() }
        ensureRunningOnCorrectThread()
        running = true
        repeat {
            guard let next = findNext() else { break }
            if converter.compareVirtualTime(next.time, clock).greaterThan {
                currentClock = next.time
            }
            invoke(next)
            schedulerQueue.remove(next)
        } while running
        running = false
    }

    /// Runs `item`; while recording, with ``Instrumentation/virtualTime`` bound to the clock,
    /// so that the recorder stamps what the item does with virtual time.
    private func invoke(_ item: VirtualSchedulerItem<VirtualTime>) {
        guard Instrumentation.isRecording else {
            item.invoke()
            return
        }
        Instrumentation.withVirtualTime(virtualTimestamp) {
            item.invoke()
        }
    }

    /// The clock as a trace stores it: the tick count when virtual time is an integer, else
    /// ``now`` in nanoseconds since the Unix epoch.
    private var virtualTimestamp: Int64 {
        if let ticks = clock as? any BinaryInteger {
            return Int64(clamping: ticks)
        }
        return Int64((now.timeIntervalSince1970 * 1_000_000_000).rounded())
    }

    /// The earliest item not disposed; drops disposed items from the front on the way.
    func findNext() -> VirtualSchedulerItem<VirtualTime>? {
        while let front = schedulerQueue.peek() {
            if front.isDisposed {
                schedulerQueue.remove(front)
                continue
            }
            return front
        }
        return nil
    }

    /// Runs the work due up to and including `virtualTime`, then sets the clock to
    /// `virtualTime`. Traps if the scheduler is already running.
    public func advanceTo(_ virtualTime: VirtualTime) {
        if running {
            rxFatalError("Scheduler is already running")
        }
        let call = TraceCall.enter("VirtualTimeScheduler.advanceTo", on: self, detail: "\(virtualTime)")
        defer { call.exit() }
        ensureRunningOnCorrectThread()
        running = true
        repeat {
            guard let next = findNext() else { break }
            if converter.compareVirtualTime(next.time, virtualTime).greaterThan {
                break
            }
            if converter.compareVirtualTime(next.time, clock).greaterThan {
                currentClock = next.time
            }
            invoke(next)
            schedulerQueue.remove(next)
        } while running
        currentClock = virtualTime
        running = false
    }

    /// Moves the clock forward by `virtualInterval` without running any work. Traps when
    /// the interval would move the clock back.
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        ensureRunningOnCorrectThread()
        let sleepTo = converter.offsetVirtualTime(clock, offset: virtualInterval)
        if converter.compareVirtualTime(sleepTo, clock).lessThen {
            rxFatalError("Can't sleep to past.")
        }
        currentClock = sleepTo
    }

    /// Makes a running ``start()`` or ``advanceTo(_:)`` return after the item it is running.
    public func stop() {
        ensureRunningOnCorrectThread()
        running = false
    }

    deinit {
        Instrumentation.objectDeinitialized(traceObjectID)
        Resources.decrementTotal()
    }

    /// Traps unless called on the thread that created the scheduler: the queue and the clock
    /// have no lock.
    private func ensureRunningOnCorrectThread() {
        guard pthread_equal(pthread_self(), thread) != 0 else {
            rxFatalError("Executing on the wrong thread. Please ensure all work on the same thread.")
        }
    }
}

extension VirtualTimeScheduler: CustomDebugStringConvertible {
    /// The due times of the waiting work.
    public var debugDescription: String {
        schedulerQueue.debugDescription
    }
}

/// One action waiting in a ``VirtualTimeScheduler``'s queue, with its due time and serial
/// number; disposing it cancels the action, or disposes what the action returned once it ran.
final class VirtualSchedulerItem<Time>: Disposable {
    typealias Action = () -> Disposable

    let action: Action
    let time: Time
    let id: Int
    private let disposable = SingleAssignmentDisposable()

    init(action: @escaping Action, time: Time, id: Int) {
        self.action = action
        self.time = time
        self.id = id
    }

    /// Whether the item was cancelled (or ran and was disposed).
    var isDisposed: Bool {
        disposable.isDisposed
    }

    /// Runs the action and keeps what it returned, to dispose it with the item.
    func invoke() {
        let call = TraceCall.enter("VirtualSchedulerItem.invoke", detail: "at \(time)"); defer { call.exit() }
        disposable.setDisposable(action())
    }

    func dispose() {
        disposable.dispose()
    }
}

extension VirtualSchedulerItem: CustomDebugStringConvertible {
    /// The due time.
    var debugDescription: String {
        "\(time)"
    }
}
