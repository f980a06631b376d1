// Mirrors RxCocoa's RxCocoa/Traits/ControlEvent.swift.
// Deviation from RxSwift: it lives in RxCore (RxTrace has no RxCocoa module; it needs no UIKit).

/// A type that can be turned into a ``ControlEvent``.
public protocol ControlEventType: ObservableType {
    /// This value as a ``ControlEvent``.
    func asControlEvent() -> ControlEvent<Element>
}

/// An observable of a UI element's events: it never fails, sends nothing on subscription,
/// completes when the element goes away, and delivers on the main scheduler.
///
/// It subscribes to its events on ``ConcurrentMainScheduler/instance``; the other properties
/// are the promise of whoever makes it, as in RxCocoa.
public struct ControlEvent<PropertyType>: ControlEventType {
    /// The type of the events.
    public typealias Element = PropertyType

    /// The events, subscribed to on the main scheduler.
    let events: Observable<PropertyType>

    /// A control event over `events`, which are subscribed to on the main scheduler.
    public init<Ev: ObservableType>(
        events: Ev
    ) where Ev.Element == Element {
        let call = TraceCall.enter("ControlEvent.init"); defer { call.exit() }
        self.events = events.subscribe(on: ConcurrentMainScheduler.instance)
    }

    /// Subscribes `observer` to the events.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        events.subscribe(observer)
    }

    /// The events as an ``Observable``.
    public func asObservable() -> Observable<Element> {
        events
    }

    /// This control event itself.
    public func asControlEvent() -> ControlEvent<Element> {
        self
    }
}
