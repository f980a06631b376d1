// Mirrors RxSwift's RxSwift/Observables/Buffer.swift.
// Simpler than RxSwift: `BufferTimeCountSink` takes its lock in `on` itself, not through
// `SynchronizedOnType`.

extension ObservableType {
    /// Collects elements into arrays and sends each array when it holds `count` elements or
    /// when `timeSpan` has passed since the previous array was sent, whichever comes first.
    ///
    /// A timer that fires sends the array even when it is empty. At completion the array
    /// collected so far is sent, then completion; an error drops it.
    ///
    /// - Parameters:
    ///   - timeSpan: The longest time an array collects, timed on `scheduler`.
    ///   - count: The most elements an array holds.
    ///   - scheduler: Runs the timers.
    /// - Returns: The arrays.
    public func buffer(
        timeSpan: RxTimeInterval,
        count: Int,
        scheduler: SchedulerType
    ) -> Observable<[Element]> {
        let call = TraceCall.enter("buffer"); defer { call.exit() }
        return BufferTimeCount(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
            .assembled(by: "buffer")
    }
}

// MARK: - Sink

/// One subscription's state for `buffer(timeSpan:count:scheduler:)`: the array being filled,
/// the id of the current window, and the timer that ends it; created by
/// `BufferTimeCount.run`, released when the subscription is disposed or terminates.
///
/// Source events and timer firings are serialized by `lock`, and events are forwarded while
/// holding it, as in RxSwift. A timer carries the window id it was made for, so a timer of a
/// window that a full array already closed does nothing.
final class BufferTimeCountSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == [Element] {
    typealias Parent = BufferTimeCount<Element>

    private let parent: Parent
    private let lock = RecursiveLock()
    /// The timer of the current window.
    private let timerDisposable = SerialDisposable()
    /// The elements of the current window. Guarded by `lock`.
    private var buffer: [Element] = []
    /// The id of the current window. Guarded by `lock`.
    private var windowID = 0

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Starts the first window's timer and subscribes to the source.
    func run() -> Disposable {
        let call = TraceCall.enter("BufferTimeCountSink.run", on: self); defer { call.exit() }
        lock.performLocked { synchronized_createTimer(windowID) }
        return Disposables.create(timerDisposable, parent.source.subscribeSafe(self))
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("BufferTimeCountSink.on", on: self, event: event); defer { call.exit() }
        lock.performLocked { synchronized_on(event) }
    }

    /// Adds an element, or ends the sequence. Caller holds `lock`.
    private func synchronized_on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            buffer.append(element)
            if buffer.count == parent.count {
                synchronized_startNewWindowAndSendCurrentOne()
            }
        case .error(let error):
            buffer = []
            forwardOn(.error(error))
            dispose()
        case .completed:
            forwardOn(.next(buffer))
            forwardOn(.completed)
            dispose()
        }
    }

    /// Sends the current array and opens the next window with its own timer. Caller holds
    /// `lock`.
    private func synchronized_startNewWindowAndSendCurrentOne() {
        windowID = windowID &+ 1
        let full = buffer
        buffer = []
        forwardOn(.next(full))
        synchronized_createTimer(windowID)
    }

    /// Schedules the timer that ends window `id`, replacing the previous timer; does nothing
    /// once the sink is disposed or when `id` is no longer the current window. Caller holds
    /// `lock`.
    private func synchronized_createTimer(_ id: Int) {
        if timerDisposable.isDisposed || windowID != id {
            return
        }
        let nextTimer = SingleAssignmentDisposable()
        timerDisposable.disposable = nextTimer
        let scheduled = parent.scheduler.scheduleRelative(id, dueTime: parent.timeSpan) { timerWindowID in
            self.timerFired(for: timerWindowID)
            return Disposables.create()
        }
        nextTimer.setDisposable(scheduled)
    }

    /// The timer of window `id` fired: sends the array if that window is still open.
    private func timerFired(for id: Int) {
        let call = TraceCall.enter("BufferTimeCountSink.timerFired", on: self, detail: "window \(id)"); defer { call.exit() }
        lock.performLocked {
            guard id == windowID else { return }
            synchronized_startNewWindowAndSendCurrentOne()
        }
    }
}

// MARK: - Producer

/// The observable `buffer(timeSpan:count:scheduler:)` returns: its source, the time span,
/// the count and the scheduler. Each subscription gets a ``BufferTimeCountSink``.
final class BufferTimeCount<Element>: Producer<[Element]> {
    fileprivate let timeSpan: RxTimeInterval
    fileprivate let count: Int
    fileprivate let scheduler: SchedulerType
    fileprivate let source: Observable<Element>

    init(source: Observable<Element>, timeSpan: RxTimeInterval, count: Int, scheduler: SchedulerType) {
        self.source = source
        self.timeSpan = timeSpan
        self.count = count
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == [Element] {
        let call = TraceCall.enter("BufferTimeCount.run", on: self); defer { call.exit() }
        let sink = BufferTimeCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
