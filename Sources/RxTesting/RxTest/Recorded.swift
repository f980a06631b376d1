// Mirrors RxSwift's RxTest/Recorded.swift.

import RxCore

/// A value with the virtual time at which it happened: an event an observer received, or an
/// event a test observable will send.
public struct Recorded<Value>: CustomDebugStringConvertible {
    /// The virtual time the value happened at.
    public let time: TestTime

    /// The value.
    public let value: Value

    /// A record of `value` at `time`.
    public init(time: TestTime, value: Value) {
        self.time = time
        self.value = value
    }
}

extension Recorded {
    /// `next(2) @ 210`.
    public var debugDescription: String {
        "\(value) @ \(time)"
    }
}

extension Recorded: Equatable where Value: Equatable {
    /// Whether both records have the same time and equal values.
    public static func == (lhs: Recorded<Value>, rhs: Recorded<Value>) -> Bool {
        lhs.time == rhs.time && lhs.value == rhs.value
    }
}
