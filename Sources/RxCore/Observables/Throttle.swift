// Mirrors RxSwift's RxSwift/Observables/Throttle.swift.
// Simpler than RxSwift: the sink takes its lock itself rather than through RxSwift's
// `SynchronizedOnType` protocol.

import Foundation

extension ObservableType {
    /// Sends at most one element per `dueTime` on `scheduler`: an element that arrives at least
    /// `dueTime` after the last one sent goes through at once; with `latest`, the newest
    /// element of a window that was held back is sent when the window ends.
    ///
    /// Completion waits for a held-back element to be sent; an error is forwarded at once and
    /// drops it.
    public func throttle(
        _ dueTime: RxTimeInterval,
        latest: Bool = true,
        scheduler: SchedulerType
    ) -> Observable<Element> {
        let call = TraceCall.enter("throttle"); defer { call.exit() }
        return Throttle(source: asObservable(), dueTime: dueTime, latest: latest, scheduler: scheduler)
            .assembled(by: "throttle")
    }
}

// MARK: - Sink

/// One subscription's state for `throttle`: when it last sent, the element held back for the
/// end of the window, and the timer for it; created by `Throttle.run`, released when the
/// subscription is disposed or terminates.
///
/// `lock` serializes the source's events and the timer.
final class ThrottleSink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element
    typealias ParentType = Throttle<Element>

    private let parent: ParentType

    private let lock = RecursiveLock()
    /// The element held back for the end of the window (only with `latest`). Guarded by `lock`.
    private var lastUnsentElement: Element?
    /// When the last element was sent, on the scheduler's clock. Guarded by `lock`.
    private var lastSentTime: Date?
    /// Whether the source completed while an element was held back. Guarded by `lock`.
    private var completed = false

    /// The pending timer.
    private let cancellable = SerialDisposable()

    init(parent: ParentType, observer: Observer, cancel: Cancelable) {
        self.parent = parent
        super.init(observer: observer, cancel: cancel)
    }

    /// Subscribes to the source; returns the disposable that ends the subscription and the
    /// pending timer.
    func run() -> Disposable {
        let call = TraceCall.enter("ThrottleSink.run", on: self); defer { call.exit() }
        let subscription = parent.source.subscribeSafe(self)
        return Disposables.create(subscription, cancellable)
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("ThrottleSink.on", on: self, event: event); defer { call.exit() }
        lock.performLocked { synchronized_on(event) }
    }

    /// Sends, holds back or drops an element, or ends the result. Caller holds `lock`.
    private func synchronized_on(_ event: Event<Element>) {
        switch event {
        case .next(let element):
            let now = parent.scheduler.now
            let remainingTime: RxTimeInterval
            if let lastSentTime {
                remainingTime = parent.dueTime.reduceWithSpanBetween(earlierDate: lastSentTime, laterDate: now)
            } else {
                remainingTime = .nanoseconds(0)
            }

            if remainingTime.isNow {
                synchronized_sendNow(element: element)
                return
            }
            if !parent.latest {
                return
            }

            let isTimerPending = lastUnsentElement != nil
            lastUnsentElement = element
            if isTimerPending {
                return
            }

            let timer = SingleAssignmentDisposable()
            cancellable.disposable = timer
            timer.setDisposable(parent.scheduler.scheduleRelative(0, dueTime: remainingTime, action: propagate))
        case .error:
            lastUnsentElement = nil
            forwardOn(event)
            dispose()
        case .completed:
            if lastUnsentElement != nil {
                completed = true
            } else {
                forwardOn(.completed)
                dispose()
            }
        }
    }

    /// Sends `element` and starts a new window. Caller holds `lock`.
    private func synchronized_sendNow(element: Element) {
        lastUnsentElement = nil
        forwardOn(.next(element))
        // Taken after sending, as RxSwift does, so time spent downstream counts in the window.
        lastSentTime = parent.scheduler.now
    }

    /// The end of a window: sends the held-back element, then completion if the source
    /// completed meanwhile.
    private func propagate(_: Int) -> Disposable {
        let call = TraceCall.enter("ThrottleSink.propagate", on: self); defer { call.exit() }
        lock.performLocked {
            if let lastUnsentElement {
                synchronized_sendNow(element: lastUnsentElement)
            }
            if completed {
                forwardOn(.completed)
                dispose()
            }
        }
        return Disposables.create()
    }
}

// MARK: - Producer

/// The observable `throttle` returns: the source, the window, whether to send the latest
/// held-back element, and the scheduler. Each subscription gets a ``ThrottleSink``.
final class Throttle<Element>: Producer<Element> {
    fileprivate let source: Observable<Element>
    fileprivate let dueTime: RxTimeInterval
    fileprivate let latest: Bool
    fileprivate let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, latest: Bool, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.latest = latest
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Throttle.run", on: self); defer { call.exit() }
        let sink = ThrottleSink(parent: self, observer: observer, cancel: cancel)
        let subscription = sink.run()
        return (sink: sink, subscription: subscription)
    }
}
