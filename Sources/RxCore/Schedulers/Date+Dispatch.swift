// Mirrors RxSwift's RxSwift/Date+Dispatch.swift (the parts the virtual time scheduler and
// the time operators use).
// Deviation from RxSwift: when the later date is not after the earlier one, `reduceWithSpanBetween`
// returns the interval undiminished (RxSwift: zero), which `delay` and `throttle` use for what is left.

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

    /// This interval with its count replaced by `transform(count, units per second)`, in
    /// the same unit; `.never` stays `.never`.
    func map(_ transform: (Int, Double) -> Int) -> DispatchTimeInterval {
        switch self {
        case .nanoseconds(let value): .nanoseconds(transform(value, 1_000_000_000.0))
        case .microseconds(let value): .microseconds(transform(value, 1_000_000.0))
        case .milliseconds(let value): .milliseconds(transform(value, 1_000.0))
        case .seconds(let value): .seconds(transform(value, 1.0))
        case .never: .never
        @unknown default: rxFatalError("Unknown DispatchTimeInterval")
        }
    }

    /// What is left of this interval once the time from `earlierDate` to `laterDate` has
    /// passed, rounded to this interval's unit and never below zero.
    func reduceWithSpanBetween(earlierDate: Date, laterDate: Date) -> DispatchTimeInterval {
        map { value, factor in
            let elapsed = laterDate.timeIntervalSince(earlierDate)
            let remainder = Double(value) - elapsed * factor
            guard remainder > 0 else { return 0 }
            return Int(remainder.rounded(.toNearestOrAwayFromZero))
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
