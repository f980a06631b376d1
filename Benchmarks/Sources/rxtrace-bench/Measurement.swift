// Timing helpers: the monotonic clock, the producing thread's CPU clock, and medians.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Nanoseconds on the monotonic clock.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// CPU nanoseconds the calling thread has used: time it spent waiting is not counted.
func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Seconds `body` took on the monotonic clock, and what it returned.
func timed<Result>(_ body: () throws -> Result) rethrows -> (seconds: Double, result: Result) {
    let start = monotonicNanoseconds()
    let result = try body()
    return (Double(monotonicNanoseconds() - start) / 1e9, result)
}

/// The median, minimum and maximum of some samples.
struct Summary {
    let median: Double
    let minimum: Double
    let maximum: Double

    init(_ samples: [Double]) {
        precondition(!samples.isEmpty, "A summary needs at least one sample")
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
    }
}

/// `value` with `decimals` digits after the point.
func format(_ value: Double, _ decimals: Int = 1) -> String {
    guard value.isFinite else { return "–" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = "\(rounded)"
    if decimals == 0, text.hasSuffix(".0") { text.removeLast(2) }
    if let point = text.firstIndex(of: "."), decimals > 0 {
        let digits = text.distance(from: point, to: text.endIndex) - 1
        if digits < decimals { text += String(repeating: "0", count: decimals - digits) }
    }
    return text
}

/// `1234567` as `1,234,567`.
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { result += "," }
        result.append(digit)
    }
    return value < 0 ? "-" + result : result
}
