// Mirrors RxSwift's RxSwift/Schedulers/HistoricalSchedulerTimeConverter.swift.

import Foundation

/// The converter of ``HistoricalScheduler``: its virtual time is real dates and intervals,
/// only decoupled from the machine's clock, so every conversion returns its argument.
public struct HistoricalSchedulerTimeConverter: VirtualTimeConverterType {
    /// A point in virtual time is a date.
    public typealias VirtualTimeUnit = RxTime
    /// A span of virtual time is a number of seconds.
    public typealias VirtualTimeIntervalUnit = TimeInterval

    /// `virtualTime` itself.
    public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime {
        virtualTime
    }

    /// `time` itself.
    public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit {
        time
    }

    /// `virtualTimeInterval` itself.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval {
        virtualTimeInterval
    }

    /// `timeInterval` itself.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit {
        timeInterval
    }

    /// `time` moved by `offset` seconds.
    public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        time.addingTimeInterval(offset)
    }

    /// Compares two dates.
    public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        switch lhs.compare(rhs) {
        case .orderedAscending: .lessThan
        case .orderedDescending: .greaterThan
        case .orderedSame: .equal
        }
    }
}
