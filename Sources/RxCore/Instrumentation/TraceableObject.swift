// RxCore's own: what lets a hook name the objects on both sides of an event.

/// An object the trace knows by a serial id: observables, sinks, observers and disposables.
public protocol TraceableObject: AnyObject {
    /// The id the installed recorder gave this object at `init`, or ``ObjectID/none`` when
    /// nothing was recording then.
    var traceObjectID: ObjectID { get }
}

extension Instrumentation {
    /// Tells the recorder, if any, that `object` finished its `init`; returns its id.
    @inlinable package static func objectInitialized(_ object: AnyObject) -> ObjectID {
        guard let recorder else { return .none }
        return recorder.objectInitialized(type(of: object))
    }

    /// Tells the recorder, if any, that the object with `id` is being deinitialized.
    @inlinable package static func objectDeinitialized(_ id: ObjectID) {
        guard id.isRecorded, let recorder else { return }
        recorder.objectDeinitialized(id)
    }

    /// Tells the recorder, if any, that the disposable with `id` was disposed for the first time.
    @inlinable package static func objectDisposed(_ id: ObjectID) {
        guard id.isRecorded, let recorder else { return }
        recorder.objectDisposed(id)
    }

    /// The trace id of `value` when it is a ``TraceableObject``, else ``ObjectID/none``.
    ///
    /// Observers are generic (`Observer: ObserverType`), so this is a dynamic cast; it only
    /// runs while recording.
    @usableFromInline package static func traceID<Value>(of value: Value) -> ObjectID {
        (value as? any TraceableObject)?.traceObjectID ?? .none
    }

    /// How a step's detail names `value`: its trace id (`#7`) when it is a recorded
    /// ``TraceableObject``, else its type's name without generic arguments (`AnyObserver`).
    ///
    /// Only called while building a detail, which happens only while a recorder records calls.
    @usableFromInline package static func traceName<Value>(of value: Value) -> String {
        let id = traceID(of: value)
        if id.isRecorded { return id.description }
        let typeName = String(describing: type(of: value as Any))
        return String(typeName.prefix { $0 != "<" })
    }

    /// Records that `event` passed from `source` to `observer`.
    ///
    /// Generic over the observer rather than taking `Any`: every event hop calls it, and an
    /// `Any` parameter would box the observer into an existential on each hop even when
    /// nothing records.
    @inlinable package static func recordEvent<Element, Observer>(
        _ event: Event<Element>, from source: ObjectID, to observer: Observer
    ) {
        recordEvent(event, from: source, toObserverWithID: traceID(of: observer))
    }

    /// Records that `event` passed from `source` to the observer of `sink`, whose id the sink
    /// keeps after the first event instead of casting for it on every hop.
    @inlinable static func recordEvent<Observer>(
        _ event: Event<Observer.Element>, from source: ObjectID, toObserverOf sink: Sink<Observer>
    ) {
        recordEvent(event, from: source, toObserverWithID: sink.observerTraceID)
    }

    /// Records that `event` passed from `source` to the observer `observer` names, which is
    /// worked out only while events are recorded.
    @inlinable @inline(__always) static func recordEvent<Element>(
        _ event: Event<Element>, from source: ObjectID, toObserverWithID observer: @autoclosure () -> ObjectID
    ) {
        withInstalledBox { box in
            guard box.isRecordingEvents else { return }
            let (kind, value) = event.traceKindAndValue(includingElement: box.isRecordingValues)
            box.recorder.eventDelivered(kind, value: value, from: source, to: observer())
        }
    }
}

extension Event {
    /// The payload-free kind of this event.
    @inlinable package var kind: EventKind {
        switch self {
        case .next: .next
        case .error: .error
        case .completed: .completed
        }
    }

    /// The element's or error's value, or `nil` (for `.completed`, or for an element when
    /// values are not recorded). With values not recorded an error is only its type's name:
    /// its description can hold private data.
    @inlinable package func traceValue(includingElement: Bool) -> TraceValue? {
        switch self {
        case .next(let element): includingElement ? TraceValue(element) : nil
        case .error(let error): includingElement ? TraceValue(error) : TraceValue(typeOf: error)
        case .completed: nil
        }
    }

    /// The event's ``kind`` and ``traceValue(includingElement:)`` from one look at the event.
    ///
    /// Where the element type is not known (RxCore's operators run unspecialized), every look
    /// at an `Event<Element>` goes through its generic metadata: one look instead of two
    /// halves that cost for each recorded event and step.
    ///
    /// An event of an element type that a ``TraceValue`` holds as it is (`Int`, `String`,
    /// `Double`, `Bool`) is read as the concrete `Event` it is, in place: where the function is
    /// not specialized, that costs a compare of the element type instead of the value witness
    /// calls a look at a generic `Event` makes (a copy of the event, its case, the element's
    /// copy and destroy, and `TraceValue`'s type tests).
    @inlinable package func traceKindAndValue(includingElement: Bool) -> (EventKind, TraceValue?) {
        // `unsafeBitCast` between `Event<Element>` and the `Event` of the type `Element` is: one
        // type, so one layout, read as the concrete type, whose metadata needs no lookup.
        if Element.self == Int.self {
            return unsafeBitCast(self, to: Event<Int>.self).traceKindAndValueOfAnyElement(includingElement: includingElement)
        }
        if Element.self == String.self {
            return unsafeBitCast(self, to: Event<String>.self).traceKindAndValueOfAnyElement(includingElement: includingElement)
        }
        if Element.self == Double.self {
            return unsafeBitCast(self, to: Event<Double>.self).traceKindAndValueOfAnyElement(includingElement: includingElement)
        }
        if Element.self == Bool.self {
            return unsafeBitCast(self, to: Event<Bool>.self).traceKindAndValueOfAnyElement(includingElement: includingElement)
        }
        return traceKindAndValueOfAnyElement(includingElement: includingElement)
    }

    /// ``traceKindAndValue(includingElement:)`` for any element type, through the event's
    /// generic metadata where the element type is not known.
    @inlinable @inline(__always) func traceKindAndValueOfAnyElement(includingElement: Bool) -> (EventKind, TraceValue?) {
        switch self {
        case .next(let element): (.next, includingElement ? TraceValue(element) : nil)
        case .error(let error): (.error, includingElement ? TraceValue(error) : TraceValue(typeOf: error))
        case .completed: (.completed, nil)
        }
    }

    /// `next(1)`, `next`, `error(Failure)` or `completed`, unformatted: a step's detail in a
    /// call flow.
    @inlinable package func traceDetail(includingElement: Bool) -> TraceDetail {
        let (kind, value) = traceKindAndValue(includingElement: includingElement)
        return TraceDetail(event: kind, value: value)
    }
}

// Performance: the object and event hooks are @inlinable; what they do while recording stays out of
// line (@usableFromInline) (every row); see Documentation/Performance.md.
// The event's kind, value and detail are @inlinable too, and read the event once: a recorded W1s
// element went from 15,972 to 13,904 instructions under callgrind (Documentation/Recording.md).
// Performance: `traceKindAndValue` reads an `Int`, `String`, `Double` or `Bool` element's event as
// the concrete `Event` it is, so an unspecialized sink makes no value witness call for it
// (RXTRACE_DETAIL=events: a W1s element 4,085 -> 3,894 instructions with the Bag's loop kept
// `forEach`'s; Documentation/Recording.md, "Why an event record cost more than a call record").
