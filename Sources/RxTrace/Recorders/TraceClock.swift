import Glibc

/// Nanoseconds since a recording started, from the monotonic clock: a trace's `ts`.
///
/// `CLOCK_MONOTONIC` never jumps with the wall clock, so times within a trace only grow; the
/// one wall time, `run.start_time`, is taken once.
struct TraceClock: Sendable {
    /// `CLOCK_MONOTONIC` at the start, in ns.
    private let start: Int64

    /// A clock that reads 0 now.
    init() {
        start = Self.monotonicNanoseconds()
    }

    /// Nanoseconds since the clock was made.
    func now() -> Int64 {
        Self.monotonicNanoseconds() - start
    }

    private static func monotonicNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
