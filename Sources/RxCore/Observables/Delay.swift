// Mirrors RxSwift's RxSwift/Observables/Delay.swift.

import Foundation

extension ObservableType {
    /// Sends each element and the completion `dueTime` later than the source did, on
    /// `scheduler`; an error is sent at once, dropping what was still waiting.
    public func delay(
        _ dueTime: RxTimeInterval, scheduler: SchedulerType
    ) -> Observable<Element> {
        let call = TraceCall.enter("delay"); defer { call.exit() }
        return Delay(source: asObservable(), dueTime: dueTime, scheduler: scheduler)
            .assembled(by: "delay")
    }
}

// MARK: - Sink

/// One subscription's state for `delay`: queues each event with the time it arrived, and
/// drains the queue on `scheduler` as each event's delay runs out; created by `Delay.run`,
/// released when the subscription is disposed or terminates.
///
/// An error must overtake the queue even while a drain runs on another thread, hence the
/// lock and the `running` flag: the drain sends the error itself when it is running, the
/// source's `on` otherwise.
final class DelaySink<Observer: ObserverType>: Sink<Observer>, ObserverType {
    typealias Element = Observer.Element

    private let lock = RecursiveLock()
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType

    private let sourceSubscription = SingleAssignmentDisposable()
    /// The current drain recursion.
    private let cancelable = SerialDisposable()

    /// Whether a drain is scheduled or running. Guarded by `lock`.
    private var active = false
    /// Whether a drain is sending events now. Guarded by `lock`.
    private var running = false
    /// The error received, for the running drain to send. Guarded by `lock`.
    private var errorEvent: Event<Element>?
    /// The events waiting for their delay, with the time each arrived, oldest first. Guarded
    /// by `lock`.
    private var queue = Queue<(eventTime: RxTime, event: Event<Element>)>(capacity: 0)

    init(observer: Observer, dueTime: RxTimeInterval, scheduler: SchedulerType, cancel: Cancelable) {
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init(observer: observer, cancel: cancel)
    }

    /// One step of the drain recursion: sends the event whose delay ran out, then every queued
    /// event already due, and schedules itself again for the next one still waiting.
    func drainQueue(state: (), scheduler: AnyRecursiveScheduler<()>) {
        let call = TraceCall.enter("DelaySink.drainQueue", on: self); defer { call.exit() }
        let hasFailed = lock.performLocked { () -> Bool in
            let hasFailed = errorEvent != nil
            if !hasFailed {
                running = true
            }
            return hasFailed
        }
        if hasFailed {
            return
        }

        var ranAtLeastOnce = false
        while true {
            let (errorEvent, eventToForwardImmediately, nextEventToScheduleOriginalTime) = lock.performLocked {
                () -> (Event<Element>?, Event<Element>?, RxTime?) in
                let errorEvent = self.errorEvent
                // The first event of a step is due by construction; the later ones wait for
                // a step of their own, scheduled for what is left of their delay.
                let eventToForwardImmediately = ranAtLeastOnce ? nil : queue.dequeue()?.event
                let nextEventToScheduleOriginalTime = ranAtLeastOnce && !queue.isEmpty ? queue.peek().eventTime : nil
                if errorEvent == nil && eventToForwardImmediately == nil {
                    // This step sends nothing more: an error arriving now is the source's to
                    // send, and with nothing queued the next element starts a new drain.
                    running = false
                    if nextEventToScheduleOriginalTime == nil {
                        active = false
                    }
                }
                return (errorEvent, eventToForwardImmediately, nextEventToScheduleOriginalTime)
            }

            if let errorEvent {
                forwardOn(errorEvent)
                dispose()
                return
            }
            if let eventToForwardImmediately {
                ranAtLeastOnce = true
                forwardOn(eventToForwardImmediately)
                if case .completed = eventToForwardImmediately {
                    dispose()
                    return
                }
            } else if let nextEventToScheduleOriginalTime {
                let remaining = dueTime.reduceWithSpanBetween(
                    earlierDate: nextEventToScheduleOriginalTime, laterDate: self.scheduler.now
                )
                scheduler.schedule((), dueTime: remaining)
                return
            } else {
                return
            }
        }
    }

    func on(_ event: Event<Element>) {
        let call = TraceCall.enter("DelaySink.on", on: self, event: event); defer { call.exit() }
        if event.isStopEvent {
            sourceSubscription.dispose()
        }
        switch event {
        case .error:
            let shouldSendImmediately = lock.performLocked { () -> Bool in
                let shouldSendImmediately = !running
                queue = Queue(capacity: 0)
                errorEvent = event
                return shouldSendImmediately
            }
            if shouldSendImmediately {
                forwardOn(event)
                dispose()
            }
        case .next, .completed:
            let shouldSchedule = lock.performLocked { () -> Bool in
                let shouldSchedule = !active
                active = true
                queue.enqueue((scheduler.now, event))
                return shouldSchedule
            }
            if shouldSchedule {
                cancelable.disposable = scheduler.scheduleRecursive((), dueTime: dueTime, action: drainQueue)
            }
        }
    }

    /// Subscribes to the source; returns the disposable for the source subscription and the
    /// drain.
    func run(source: Observable<Element>) -> Disposable {
        let call = TraceCall.enter("DelaySink.run", on: self); defer { call.exit() }
        sourceSubscription.setDisposable(source.subscribeSafe(self))
        return Disposables.create(sourceSubscription, cancelable)
    }
}

// MARK: - Producer

/// The observable `delay` returns: its source, the delay and the scheduler. Each subscription
/// gets a ``DelaySink``.
final class Delay<Element>: Producer<Element> {
    private let source: Observable<Element>
    private let dueTime: RxTimeInterval
    private let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
        super.init()
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: Cancelable) -> (sink: Disposable, subscription: Disposable)
    where Observer.Element == Element {
        let call = TraceCall.enter("Delay.run", on: self); defer { call.exit() }
        let sink = DelaySink(observer: observer, dueTime: dueTime, scheduler: scheduler, cancel: cancel)
        let subscription = sink.run(source: source)
        return (sink: sink, subscription: subscription)
    }
}
