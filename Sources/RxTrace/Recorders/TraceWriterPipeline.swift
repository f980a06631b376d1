import CRxTrace
import Glibc

/// Runs one batch's two halves on two threads: a helper thread decides the rows (`produce`,
/// the ``TraceWriter``'s Swift half), and the calling thread writes them (`consume`, SQLite's
/// binds and steps) while the helper decides the next ones, through a queue of at most
/// `depth` chunks.
///
/// On two cores SQLite then runs without waiting for the Swift half, which took about half of
/// the writer's CPU when both ran on one thread. The helper is a new thread per batch: it
/// inherits the caller's priority (the writer's lowered one while the program runs, the
/// finisher's at the end) and its blocked signals, and no thread outlives the batch.
final class TraceWriterPipeline: @unchecked Sendable {
    /// The rows of a run of records, in the order they are written.
    typealias Chunk = [TraceWriterOperation]

    // `chunks`, `isProducerDone` and `isCancelled` are guarded by `lock`; `produce` runs on the
    // helper thread only, between its start and the caller's `pthread_join`.
    private var chunks: [Chunk] = []
    private var isProducerDone = false
    private var isCancelled = false
    private let depth: Int
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    private let produce: (_ deliver: (Chunk) -> Bool) -> Void
    /// The helper thread's CPU time, set before it ends.
    private var producerCPUNanoseconds: Int64 = 0

    private init(depth: Int, produce: @escaping (_ deliver: (Chunk) -> Bool) -> Void) {
        self.depth = depth
        self.produce = produce
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
        changed = .allocate(capacity: 1)
        changed.initialize(to: pthread_cond_t())
        pthread_cond_init(changed, nil)
    }

    deinit {
        pthread_cond_destroy(changed)
        changed.deallocate()
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Runs `produce` on a helper thread and `consume` on the calling thread for each chunk
    /// `produce` delivers, in order, and returns the helper's CPU time once both are done (`nil`
    /// when no helper thread could be made, and both ran on the calling thread).
    ///
    /// `produce`'s `deliver` waits while `depth` chunks wait to be consumed, and returns `false`
    /// once `consume` failed: `produce` should stop then.
    ///
    /// - Throws: the first error `consume` threw; the chunks after it are not consumed.
    static func run(
        depth: Int, produce: @escaping (_ deliver: (Chunk) -> Bool) -> Void, consume: (Chunk) throws -> Void
    ) throws -> Int64? {
        let pipeline = TraceWriterPipeline(depth: depth, produce: produce)
        guard let helper = pipeline.startHelper() else {
            try pipeline.runOnThisThread(consume)
            return nil
        }
        let consumed = Result { try pipeline.consumeAll(consume) }
        if case .failure = consumed {
            pipeline.cancel()
        }
        pthread_join(helper, nil)
        try consumed.get()
        return pipeline.producerCPUNanoseconds
    }

    /// Starts the helper thread on ``runProducer()``; `nil` if no thread could be made.
    private func startHelper() -> pthread_t? {
        var helper = pthread_t()
        let status = pthread_create(
            &helper, nil,
            { context in
                rxtrace_mark_writing_for_writer()
                let pipeline = Unmanaged<TraceWriterPipeline>.fromOpaque(context!).takeRetainedValue()
                pipeline.runProducer()
                return nil
            },
            Unmanaged.passRetained(self).toOpaque()
        )
        guard status == 0 else {
            Unmanaged.passUnretained(self).release()
            return nil
        }
        return helper
    }

    /// Consumes each chunk as the helper delivers it, until it is done.
    private func consumeAll(_ consume: (Chunk) throws -> Void) throws {
        while let chunk = next() {
            try consume(chunk)
        }
    }

    /// Decides and writes each chunk on this thread, for when no helper thread could be made.
    private func runOnThisThread(_ consume: (Chunk) throws -> Void) throws {
        let failure = FailureBox()
        produce { chunk in
            do {
                try consume(chunk)
                return true
            } catch {
                failure.error = error
                return false
            }
        }
        if let error = failure.error { throw error }
    }

    private func runProducer() {
        produce { chunk in
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            while chunks.count >= depth, !isCancelled {
                pthread_cond_wait(changed, lock)
            }
            guard !isCancelled else { return false }
            chunks.append(chunk)
            pthread_cond_broadcast(changed)
            return true
        }
        let cpu = TraceWriterStatistics.threadCPUTime()
        pthread_mutex_lock(lock)
        producerCPUNanoseconds = cpu
        isProducerDone = true
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }

    /// The next chunk, waiting for it; `nil` once the producer is done and every chunk taken.
    private func next() -> Chunk? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while chunks.isEmpty, !isProducerDone {
            pthread_cond_wait(changed, lock)
        }
        guard !chunks.isEmpty else { return nil }
        let chunk = chunks.removeFirst()
        pthread_cond_broadcast(changed)
        return chunk
    }

    /// Stops the producer at its next delivery.
    private func cancel() {
        pthread_mutex_lock(lock)
        isCancelled = true
        chunks.removeAll()
        pthread_cond_broadcast(changed)
        pthread_mutex_unlock(lock)
    }
}

/// The error that stopped a chunk being written on the calling thread.
private final class FailureBox {
    var error: (any Error)?
}
