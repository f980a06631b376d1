// Mirrors RxSwift's RxSwift/Event.swift.

/// A sequence's message to its observer: zero or more `next`, then at most one `error` or
/// `completed`.
///
/// Observers rely on the grammar `next* (error | completed)?`: after a stop event nothing is
/// delivered (the stop rule, enforced by ``ObserverBase`` and the ``Sink``s).
@frozen public enum Event<Element> {
    /// The next element of the sequence.
    case next(Element)
    /// The sequence failed; nothing follows.
    case error(Swift.Error)
    /// The sequence finished; nothing follows.
    case completed
}

extension Event: CustomDebugStringConvertible {
    /// `next(1)`, `error(Failure)` or `completed`.
    public var debugDescription: String {
        switch self {
        case .next(let value): "next(\(value))"
        case .error(let error): "error(\(error))"
        case .completed: "completed"
        }
    }
}

extension Event {
    /// Whether this is `completed` or `error`, after which a sequence sends nothing.
    @inlinable public var isStopEvent: Bool {
        switch self {
        case .next: false
        case .error, .completed: true
        }
    }

    /// The element of a `next` event, else `nil`.
    @inlinable public var element: Element? {
        if case .next(let value) = self { return value }
        return nil
    }

    /// The error of an `error` event, else `nil`.
    @inlinable public var error: Swift.Error? {
        if case .error(let error) = self { return error }
        return nil
    }

    /// Whether this is `completed`.
    @inlinable public var isCompleted: Bool {
        if case .completed = self { return true }
        return false
    }

    /// Transforms the element of a `next` event; an error thrown by `transform` becomes an
    /// `error` event.
    public func map<Result>(_ transform: (Element) throws -> Result) -> Event<Result> {
        do {
            switch self {
            case .next(let element): return .next(try transform(element))
            case .error(let error): return .error(error)
            case .completed: return .completed
            }
        } catch {
            return .error(error)
        }
    }
}

/// A type that can be turned into an ``Event``.
public protocol EventConvertible {
    /// The type of element in the event.
    associatedtype Element

    /// The event this value stands for.
    var event: Event<Element> { get }
}

extension Event: EventConvertible {
    /// The event itself.
    public var event: Event<Element> { self }
}

// Performance: the accessors are @inlinable, so specialized client code reads an event without a
// call (rows W1s, W2, W3); see Documentation/Performance.md.
