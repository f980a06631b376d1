// RxCore's own: RxSwift identifies nothing; a trace needs stable names for objects.

/// The serial number a trace gives an instrumented object: 1 for the first object created
/// while recording, 2 for the next, and so on.
///
/// Serial ids are never memory addresses, which the allocator reuses, so an id means one
/// object for the whole trace and two runs of the same program get the same ids.
/// Objects created while nothing is recording keep ``none``.
public struct ObjectID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The serial number, or 0 for ``none``.
    public let rawValue: Int64

    /// Wraps a serial number handed out by a ``TraceRecorder``.
    @inlinable public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// The id of an object that no recorder has seen.
    @inlinable public static var none: ObjectID { ObjectID(rawValue: 0) }

    /// Whether a recorder gave this id (as opposed to ``none``).
    @inlinable public var isRecorded: Bool { rawValue != 0 }

    /// `#12`, the way reports print it.
    public var description: String { "#\(rawValue)" }

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A recorder's number for one recorded call (an enter and its exit), unique in its recording.
public struct CallID: RawRepresentable, Hashable, Sendable {
    /// The number (a trace may number its rows otherwise), or 0 when nothing was recorded.
    public let rawValue: Int64

    /// Wraps a serial number handed out by a ``TraceRecorder``.
    @inlinable public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// No call: what an enter returns when nothing is recording.
    @inlinable public static var none: CallID { CallID(rawValue: 0) }
}

/// The serial number of one recorded subscription, from its `subscribe` to its end.
public struct SubscriptionID: RawRepresentable, Hashable, Sendable {
    /// The serial number, or 0 when nothing was recorded.
    public let rawValue: Int64

    /// Wraps a serial number handed out by a ``TraceRecorder``.
    @inlinable public init(rawValue: Int64) {
        self.rawValue = rawValue
    }

    /// No subscription: what a subscribe records when nothing is recording.
    @inlinable public static var none: SubscriptionID { SubscriptionID(rawValue: 0) }
}

// Performance: the `none` ids are @inlinable computed constants rather than stored statics, so
// inlined steps do not call a lazy global's addressor each time (rows W1s, W2, W3); see
// Documentation/Performance.md.
