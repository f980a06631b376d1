import CRxTrace
import Glibc

/// Nanoseconds since a recording started, from the monotonic clock: a trace's `ts`.
///
/// `CLOCK_MONOTONIC` never jumps with the wall clock, so times within a trace only grow; the
/// one wall time, `run.start_time`, is taken once. Producers read ``ticks()``, the CPU's tick
/// counter where the kernel's clock source is that counter (about 18 ns against 54 for a vDSO
/// `clock_gettime` on this project's machine, which every hook paid), and the writer turns
/// ticks into ns with a ``TickConverter``.
struct TraceClock: Sendable {
    /// `CLOCK_MONOTONIC` at the start, in ns.
    fileprivate let start: Int64
    /// Whether ``ticks()`` reads the CPU's counter; otherwise it is `CLOCK_MONOTONIC` in ns.
    let isCountingTicks: Bool

    /// A clock that reads 0 now, stamping with the tick counter where the kernel keeps time
    /// with it.
    init() {
        self.init(usingTickCounter: Self.isTickCounterTheKernelClock)
    }

    /// A clock that reads 0 now and stamps with the tick counter or with `CLOCK_MONOTONIC`.
    init(usingTickCounter: Bool) {
        start = Self.monotonicNanoseconds()
        isCountingTicks = usingTickCounter
    }

    /// Nanoseconds since the clock was made.
    func now() -> Int64 {
        Self.monotonicNanoseconds() - start
    }

    /// What a producer stamps a record with: the tick counter, or `CLOCK_MONOTONIC` in ns.
    @inline(__always)
    func ticks() -> Int64 {
        isCountingTicks ? rxtrace_ticks() : Self.monotonicNanoseconds()
    }

    /// A tick reading and ``now()`` taken together, for ``TickConverter``: read three times
    /// over, ticks on both sides of the clock, until the two tick readings are close (the
    /// thread was not preempted between them), and the midpoint taken.
    func anchor() -> TickConverter.Anchor {
        var best: TickConverter.Anchor?
        var bestSpread = Int64.max
        for _ in 0..<3 {
            let before = ticks()
            let nanoseconds = now()
            let after = ticks()
            if after - before < bestSpread {
                bestSpread = after - before
                best = TickConverter.Anchor(ticks: before + (after - before) / 2, nanoseconds: nanoseconds)
            }
        }
        return best!
    }

    private static func monotonicNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Whether the kernel keeps time with the counter ``rxtrace_ticks`` reads (`tsc` on
    /// x86-64, `arch_sys_counter` on AArch64): then the counter runs at one rate and agrees
    /// across CPUs. Elsewhere (a virtual machine on `kvm-clock`, say) ticks are not trusted.
    private static let isTickCounterTheKernelClock: Bool = {
        #if arch(x86_64)
            let counter = "tsc"
        #elseif arch(arm64)
            let counter = "arch_sys_counter"
        #else
            let counter = ""
        #endif
        guard !counter.isEmpty,
            let file = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "r")
        else { return false }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 64)
        guard fgets(&line, Int32(line.count), file) != nil else { return false }
        let source = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return source.trimmingCharacters(in: .whitespacesAndNewlines) == counter
    }()
}

/// Turns the tick stamps of one batch of records into ns since the run started, on the writer
/// thread.
///
/// The writer takes an ``Anchor`` (a tick reading and the clock's ns, read together) before
/// it writes each batch from the spool; a batch's stamps were read before it, so they are
/// converted on the line through the previous anchor and this one (extended backwards for
/// stamps older than the previous anchor, when the writer is behind: the counter runs at one
/// rate, so the line's slope holds there too). No rate has to be calibrated up front, and the
/// error is the anchors' (well under a microsecond) times how far the writer is behind over
/// the anchors' distance.
struct TickConverter {
    /// A tick reading and the ns since the run started at the same moment.
    struct Anchor {
        let ticks: Int64
        let nanoseconds: Int64
    }

    /// `nil` when the stamps are `CLOCK_MONOTONIC` ns already: then the clock's start.
    private let monotonicStart: Int64?
    /// The line's two ends: the anchor before the batch, and the one after it.
    private var base: Anchor
    private var last: Anchor
    private var nanosecondsPerTick = 1.0

    /// A converter for `clock`'s stamps, starting at `start`, an anchor taken when the
    /// recording began.
    init(clock: TraceClock, start: Anchor) {
        monotonicStart = clock.isCountingTicks ? nil : clock.start
        base = start
        last = start
    }

    /// Sets the line for the next batch: from the last anchor to `anchor`.
    mutating func advance(to anchor: Anchor) {
        guard monotonicStart == nil, anchor.ticks > last.ticks, anchor.nanoseconds > last.nanoseconds else { return }
        // Anchors a few microseconds apart give a noisy rate: then the line goes on as it was.
        if base.ticks != last.ticks, anchor.nanoseconds - last.nanoseconds < 10_000 { return }
        nanosecondsPerTick = Double(anchor.nanoseconds - last.nanoseconds) / Double(anchor.ticks - last.ticks)
        base = last
        last = anchor
    }

    /// `ticks` in ns since the run started.
    func nanoseconds(_ ticks: Int64) -> Int64 {
        if let monotonicStart { return ticks - monotonicStart }
        return base.nanoseconds + Int64((Double(ticks - base.ticks) * nanosecondsPerTick).rounded())
    }
}
