// RxCore's own: how a recorder learns the virtual time of the work it records.

extension Instrumentation {
    /// The clock of the virtual time scheduler whose work is running in this task or on this
    /// thread, while a recorder is installed; `nil` otherwise.
    ///
    /// ``VirtualTimeScheduler`` binds it around each item it runs, and only while recording,
    /// so that with nothing recording the scheduler pays one atomic load per item. For a
    /// scheduler whose virtual time is an integer (`TestScheduler`) it is the tick count; for
    /// any other (`HistoricalScheduler`) it is `now` in nanoseconds since the Unix epoch. A
    /// recorder stores it next to the real time, which makes a test's trace the same on every
    /// run.
    @TaskLocal public static var virtualTime: Int64?
}
