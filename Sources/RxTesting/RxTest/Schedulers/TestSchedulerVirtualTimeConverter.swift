// Mirrors RxSwift's RxTest/Schedulers/TestSchedulerVirtualTimeConverter.swift.

import Foundation
import RxCore

/// The converter of ``TestScheduler``: virtual time and intervals are `Int` ticks, and one
/// tick is `resolution` seconds of real time.
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType {
    /// A point in virtual time: a tick count.
    public typealias VirtualTimeUnit = Int
    /// A span of virtual time: a tick count.
    public typealias VirtualTimeIntervalUnit = Int

    /// Seconds of real time per tick.
    private let resolution: Double

    init(resolution: Double) {
        self.resolution = resolution
    }

    /// The date `virtualTime × resolution` seconds after the Unix epoch.
    public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime {
        Date(timeIntervalSince1970: TimeInterval(virtualTime) * resolution)
    }

    /// The tick nearest to `time`.
    public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit {
        VirtualTimeIntervalUnit(time.timeIntervalSince1970 / resolution + 0.5)
    }

    /// `virtualTimeInterval × resolution` seconds.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval {
        TimeInterval(virtualTimeInterval) * resolution
    }

    /// The tick count nearest to `timeInterval` seconds.
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit {
        VirtualTimeIntervalUnit(timeInterval / resolution + 0.5)
    }

    /// `time + offset`.
    public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        time + offset
    }

    /// Compares two tick counts.
    public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        if lhs < rhs {
            return .lessThan
        } else if lhs > rhs {
            return .greaterThan
        } else {
            return .equal
        }
    }
}
