// Mirrors RxSwift's RxSwift/Schedulers/HistoricalScheduler.swift.

import Foundation

/// A virtual time scheduler whose clock is a real date: for replaying work that happened at
/// known dates, as fast as it can run.
public class HistoricalScheduler: VirtualTimeScheduler<HistoricalSchedulerTimeConverter> {
    /// A scheduler whose clock starts at `initialClock` (by default the Unix epoch).
    public init(initialClock: RxTime = Date(timeIntervalSince1970: 0)) {
        super.init(initialClock: initialClock, converter: HistoricalSchedulerTimeConverter())
    }
}
