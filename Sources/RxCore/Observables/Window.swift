// Mirrors RxSwift's RxSwift/Observables/Window.swift.
// Simpler than RxSwift: `WindowTimeCountSink` takes its lock in `on` itself, not through
// `SynchronizedOnType`, and starts the next timer while still holding it.

extension ObservableType {
    /// Splits the elements into windows, each an observable, and opens a new window when the
    /// current one holds `count` elements or when `timeSpan` has passed since it opened,
    /// whichever comes first.
    ///
    /// The first window is sent at subscription. Each window is a hot sequence: it forwards
    /// only what arrives after it is subscribed. A window keeps the source subscription alive
    /// while it is observed, even after the outer subscription was disposed. The source's
    /// error or completion ends the current window and the outer sequence.
    ///
    /// - Parameters:
    ///   - timeSpan: The longest time a window stays open, timed on `scheduler`.
    ///   - count: The most elements a window receives.
    ///   - scheduler: Runs the timers.
    /// - Returns: The windows.
    public func window(
        timeSpan: RxTimeInterval,
        count: Int,
        scheduler: SchedulerType
    ) -> Observable<Observable<Element>> {
        let call = TraceCall.enter("window"); defer { call.exit() }
        return WindowTimeCount(source: asObservable(), timeSpan: timeSpan, count: count, scheduler: scheduler)
            .assembled(by: "window")
    }
}

// MARK: - Sink

/// One subscription's state for `window(timeSpan:count:scheduler:)`: the subject behind the
/// current window, how many elements it received, the window id and its timer; created by
/// `WindowTimeCount.run`, released when the subscription is disposed or terminates and no
/// window is observed any more.
///
/// Source events and timer firings are serialized by `lock`, and events are sent while
/// holding it, as in RxSwift. The source subscription and the timer sit in a
/// ``CompositeDisposable`` behind a ``RefCountDisposable``: the outer subscription holds the
/// primary share and every window subscription (``AddRef``) one more.
final class WindowTimeCountSink<Element, Observer: ObserverType>: Sink<Observer>, ObserverType
where Observer.Element == Observable<Element> {
    typealias Parent = WindowTimeCount<Element>

    private let parent: Parent
    private let lock = RecursiveLock()
    /// The subject behind the current window. Guarded by `lock`.
    private var subject = PublishSubject<Element>()
    /// How many elements the current window received. Guarded by `lock`.
    private var count = 0
    /// The id of the current window. Guarded by `lock`.
    private var windowID = 0
    /// The timer of the current window.
    private let timerDisposable = SerialDisposable()
    /// The source subscription and the timer.
    private let groupDisposable = CompositeDisposable()
    /// Disposes `groupDisposable` once the outer subscription and every window subscription
    /// ended.
    private let refCountDisposable: RefCountDisposable

    init(parent: Parent, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        _ = groupDisposable.insert(timerDisposable)
        self.refCountDisposable = RefCountDisposable(disposable: groupDisposable)
        super.init(observer: observer, cancel: cancel)
    }

    /// Sends the first window, starts its timer and subscribes to the source.
    func run() -> Disposable {
        let call = TraceCall.enter("WindowTimeCountSink.run", on: self); defer { call.exit() }
        lock.performLocked {
            forwardOn(.next(AddRef(source: subject, refCount: refCountDisposable).asObservable()))
            synchronized_createTimer(windowID)
        }
        _ = groupDisposable.insert(parent.source.subscribeSafe(self))
        return refCountDisposable
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("WindowTimeCountSink.on", on: self, event: event); defer { call.exit() }
        lock.performLocked { synchronized_on(event) }
    }

    /// Sends an element to the current window, opening the next one when it is full, or ends
    /// the window and the sequence. Caller holds `lock`.
    private func synchronized_on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            subject.on(.next(element))
            guard count < Int.max else {
                subject.on(.error(RxError.overflow))
                dispose()
                return
            }
            count += 1
            if count == parent.count {
                count = 0
                windowID += 1
                synchronized_startNewWindowAndCompleteCurrentOne()
                synchronized_createTimer(windowID)
            }
        case .error(let error):
            subject.on(.error(error))
            forwardOn(.error(error))
            dispose()
        case .completed:
            subject.on(.completed)
            forwardOn(.completed)
            dispose()
        }
    }

    /// Completes the current window and sends the next one. Caller holds `lock`.
    private func synchronized_startNewWindowAndCompleteCurrentOne() {
        subject.on(.completed)
        subject = PublishSubject<Element>()
        forwardOn(.next(AddRef(source: subject, refCount: refCountDisposable).asObservable()))
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

    /// The timer of window `id` fired: if that window is still open, completes it, sends the
    /// next one and starts the next timer.
    private func timerFired(for id: Int) {
        let call = TraceCall.enter("WindowTimeCountSink.timerFired", on: self, detail: "window \(id)"); defer { call.exit() }
        lock.performLocked {
            guard id == windowID else { return }
            count = 0
            windowID = windowID &+ 1
            synchronized_startNewWindowAndCompleteCurrentOne()
            synchronized_createTimer(windowID)
        }
    }
}

// MARK: - Producer

/// The observable `window(timeSpan:count:scheduler:)` returns: its source, the time span, the
/// count and the scheduler. Each subscription gets a ``WindowTimeCountSink``.
final class WindowTimeCount<Element>: Producer<Observable<Element>> {
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
    where Observer.Element == Observable<Element> {
        let call = TraceCall.enter("WindowTimeCount.run", on: self); defer { call.exit() }
        let sink = WindowTimeCountSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
