// Mirrors RxSwift's RxSwift/Date+Dispatch.swift (the parts the virtual time scheduler and
// `throttle` use).

import Dispatch
import Foundation

extension DispatchTimeInterval {
    /// How many of this interval's units make one second.
    var convertToSecondsFactor: Double {
        switch self {
        case .nanoseconds: 1_000_000_000.0
        case .microseconds: 1_000_000.0
        case .milliseconds: 1_000.0
        case .seconds: 1.0
        case .never: rxFatalError("DispatchTimeInterval.never has no length in seconds")
        @unknown default: rxFatalError("Unknown DispatchTimeInterval")
        }
    }

    /// Whether the interval is zero long; `.never` is not.
    var isNow: Bool {
        switch self {
        case .nanoseconds(let value), .microseconds(let value), .milliseconds(let value), .seconds(let value):
            value == 0
        case .never:
            false
        @unknown default:
            rxFatalError("Unknown DispatchTimeInterval")
        }
    }

    /// What is left of this interval once the span from `earlierDate` to `laterDate` has
    /// passed, in the same unit, rounded to the nearest whole unit; zero when nothing is left.
    /// `.never` stays `.never`.
    func reduceWithSpanBetween(earlierDate: Date, laterDate: Date) -> DispatchTimeInterval {
        let elapsed = laterDate.timeIntervalSince(earlierDate)
        func remaining(_ value: Int) -> Int {
            let remainder = Double(value) - elapsed * convertToSecondsFactor
            return remainder > 0 ? Int(remainder.rounded(.toNearestOrAwayFromZero)) : 0
        }
        switch self {
        case .nanoseconds(let value): return .nanoseconds(remaining(value))
        case .microseconds(let value): return .microseconds(remaining(value))
        case .milliseconds(let value): return .milliseconds(remaining(value))
        case .seconds(let value): return .seconds(remaining(value))
        case .never: return .never
        @unknown default: rxFatalError("Unknown DispatchTimeInterval")
        }
    }
}

extension Date {
    /// This date moved by `dispatchInterval`; `.never` gives `Date.distantFuture`.
    func addingDispatchInterval(_ dispatchInterval: DispatchTimeInterval) -> Date {
        switch dispatchInterval {
        case .nanoseconds(let value), .microseconds(let value), .milliseconds(let value), .seconds(let value):
            addingTimeInterval(TimeInterval(value) / dispatchInterval.convertToSecondsFactor)
        case .never:
            Date.distantFuture
        @unknown default:
            rxFatalError("Unknown DispatchTimeInterval")
        }
    }
}
