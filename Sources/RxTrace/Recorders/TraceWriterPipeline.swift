import CRxTrace
import Glibc

/// Runs one batch's two halves on two threads: a helper thread decides the rows (`produce`,
/// the ``TraceWriter``'s Swift half), and the calling thread writes them (`consume`, SQLite's
/// binds and steps) while the helper decides the next ones, through a queue of at most
/// `depth` chunks (a ``ReadAhead``).
///
/// On two cores SQLite then runs without waiting for the Swift half, which took about half of
/// the writer's CPU when both ran on one thread. The helper is a new thread per batch
/// (``HelperThread``): it inherits the caller's priority (the writer's lowered one while the
/// program runs, the finisher's at the end) and its blocked signals, and no thread outlives the
/// batch.
enum TraceWriterPipeline {
    /// The rows of a run of records, in the order they are written.
    typealias Chunk = [TraceWriterOperation]

    /// Runs `produce` on a helper thread and `consume` on the calling thread for each chunk
    /// `produce` delivers, in order, and returns the helper's CPU time once both are done (`nil`
    /// when no helper thread could be made, and both ran on the calling thread).
    ///
    /// The helper thread is marked as writing for the writer before `produce` starts
    /// (`rxtrace_mark_writing_for_writer`): a crash there does not wait for the writer it works
    /// for. `produce`'s `deliver` waits while `depth` chunks wait to be consumed, and throws
    /// once `consume` failed: `produce` stops then.
    ///
    /// - Throws: the first error `consume` threw; the chunks after it are not consumed.
    static func run(
        depth: Int, produce: @escaping (_ deliver: (Chunk) throws -> Void) throws -> Void,
        consume: (Chunk) throws -> Void
    ) throws -> Int64? {
        let caller = pthread_self()
        return try ReadAhead<Chunk, Int64?>.run(
            depth: depth, onHelperThread: rxtrace_mark_writing_for_writer,
            produce: { deliver in
                try produce(deliver)
                // Measured on the helper; none when no thread could be made and this ran on the caller.
                return pthread_equal(pthread_self(), caller) == 0 ? TraceWriterStatistics.threadCPUTime() : nil
            },
            consume: consume)
    }
}
