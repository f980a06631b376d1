// RxCore's own: how a recorder learns the virtual time of the work it records.

import Synchronization

extension Instrumentation {
    /// The clock of the virtual time scheduler whose work is running in this task or on this
    /// thread, while a recorder is installed; `nil` otherwise.
    ///
    /// ``VirtualTimeScheduler`` binds it around each item it runs, and only while recording,
    /// so that with nothing recording the scheduler pays one atomic load per item. Recorders
    /// read it through `boundVirtualTime`, which skips the lookup while no scheduler binds it;
    /// a value bound here by other code is not seen. For a
    /// scheduler whose virtual time is an integer (`TestScheduler`) it is the tick count; for
    /// any other (`HistoricalScheduler`) it is `now` in nanoseconds since the Unix epoch. A
    /// recorder stores it next to the real time, which makes a test's trace the same on every
    /// run.
    @TaskLocal public static var virtualTime: Int64?

    /// ``virtualTime``, read without the task-local lookup while no virtual time scheduler runs
    /// an item anywhere in the process: what a recorder's hooks read for every record.
    @inlinable package static var boundVirtualTime: Int64? {
        virtualTimeBindings.load(ordering: .relaxed) == 0 ? nil : virtualTime
    }

    /// Runs `body` with ``virtualTime`` bound to `timestamp`, counted in the bindings that
    /// ``boundVirtualTime`` looks at first.
    package static func withVirtualTime<Result>(_ timestamp: Int64, _ body: () throws -> Result) rethrows -> Result {
        virtualTimeBindings.add(1, ordering: .relaxed)
        defer { virtualTimeBindings.subtract(1, ordering: .relaxed) }
        return try $virtualTime.withValue(timestamp, operation: body)
    }
}

/// How many ``Instrumentation/withVirtualTime(_:_:)`` bindings are running in the process.
///
/// A binding on one thread makes every thread's hooks do the task-local lookup, which then
/// finds nothing on the others: the count only spares the lookup while no test scheduler runs.
@usableFromInline let virtualTimeBindings = Atomic<Int>(0)
