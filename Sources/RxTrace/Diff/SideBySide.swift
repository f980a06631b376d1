/// Runs two independent pieces of work at once, one on a helper thread (``HelperThread``) and
/// one on the calling thread, and hands back both outcomes once both are done: a diff reads its
/// two traces side by side, each through its own ``TraceReader`` (its own SQLite connection),
/// on two cores.
enum SideBySide {
    /// `helperWork` on a new thread and `callerWork` on this one, at the same time; their
    /// outcomes once both are done. When no thread can be made, `helperWork` runs on this
    /// thread first, so the outcomes are the same either way.
    ///
    /// Neither may touch what the other touches: each gets its own values (its own reader).
    static func run<HelperOutput, CallerOutput>(
        helper helperWork: @escaping () -> HelperOutput, caller callerWork: () -> CallerOutput
    ) -> (helper: HelperOutput, caller: CallerOutput) {
        // Written by the helper thread before it ends, read here after it is joined.
        var helperOutcome: HelperOutput?
        let work = { helperOutcome = helperWork() }
        guard let thread = HelperThread.start(work) else {
            work()
            return (helperOutcome!, callerWork())
        }
        let callerOutcome = callerWork()
        thread.join()
        return (helperOutcome!, callerOutcome)
    }
}
