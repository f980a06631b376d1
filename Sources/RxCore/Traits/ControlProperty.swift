// Mirrors RxCocoa's RxCocoa/Traits/ControlProperty.swift.
// Deviation from RxSwift: it lives in RxCore (RxTrace has no RxCocoa module; it needs no UIKit).

/// A type that can be turned into a ``ControlProperty``: both an observable of a property's
/// values and an observer that sets it.
public protocol ControlPropertyType: ObservableType, ObserverType {
    /// This value as a ``ControlProperty``.
    func asControlProperty() -> ControlProperty<Element>
}

/// A UI element's property: an observable of its initial value and of the user's changes to
/// it, and an observer that sets it.
///
/// It subscribes to its values on ``ConcurrentMainScheduler/instance``; never failing,
/// replaying the latest value and completing when the element goes away are the promise of
/// whoever makes it, as in RxCocoa.
public struct ControlProperty<PropertyType>: ControlPropertyType {
    /// The type of the property's values.
    public typealias Element = PropertyType

    /// The values, subscribed to on the main scheduler.
    let values: Observable<PropertyType>
    /// Sets the property.
    let valueSink: AnyObserver<PropertyType>

    /// A control property whose values are `values` (subscribed to on the main scheduler) and
    /// which `valueSink` sets.
    public init<Values: ObservableType, Sink: ObserverType>(
        values: Values, valueSink: Sink
    ) where Element == Values.Element, Element == Sink.Element {
        let call = TraceCall.enter("ControlProperty.init"); defer { call.exit() }
        self.values = values.subscribe(on: ConcurrentMainScheduler.instance)
        self.valueSink = valueSink.asObserver()
    }

    /// Subscribes `observer` to the values.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        values.subscribe(observer)
    }

    /// The user's changes: every value but the first, as a ``ControlEvent``.
    public var changed: ControlEvent<PropertyType> {
        ControlEvent(events: values.skip(1))
    }

    /// The values as an ``Observable``.
    public func asObservable() -> Observable<Element> {
        values
    }

    /// This control property itself.
    public func asControlProperty() -> ControlProperty<Element> {
        self
    }

    /// Sets the property to a `next` element and passes on completion; an error traps in
    /// debug builds and is printed in release builds, as a binding error is.
    public func on(_ event: Event<Element>) {
        switch event {
        case .error(let error):
            rxFatalErrorInDebug("Binding error: \(error)")
        case .next:
            valueSink.on(event)
        case .completed:
            valueSink.on(event)
        }
    }
}

extension ControlPropertyType where Element == String? {
    /// This property as one of `String`: `nil` values read as the empty string.
    public var orEmpty: ControlProperty<String> {
        // A step of its own, so the map it builds is read as built at the caller's line.
        let call = TraceCall.enterFromUser("orEmpty", on: nil); defer { call.exit() }
        let original: ControlProperty<String?> = asControlProperty()
        let values: Observable<String> = original.values.map { $0 ?? "" }
        let valueSink: AnyObserver<String> = original.valueSink.mapObserver { $0 }
        return ControlProperty<String>(values: values, valueSink: valueSink)
    }
}
