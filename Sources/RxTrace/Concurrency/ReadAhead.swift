import Glibc

/// Runs work in two halves on two threads: a helper thread builds chunks (`produce`) and the
/// calling thread uses them (`consume`) while the helper builds on, at most `depth` chunks
/// ahead. A report reads its flows ahead of printing them (``FlowBuilder``'s
/// `forEachFlowReadAhead`), and the trace writer decides its rows ahead of writing them
/// (``TraceWriterPipeline``).
///
/// On this project's two cores the slower half then sets the time, instead of both in turn.
/// What `consume` sees, and in which order, is what it would see on one thread: the chunks in
/// the order `produce` delivered them, then the error `produce` threw, if any. Created and
/// ended by ``run(depth:onHelperThread:produce:consume:)``: the helper thread
/// (``HelperThread``) never outlives that call.
final class ReadAhead<Chunk, Value> {
    // `chunks`, `isProducerDone`, `producerResult` and `isCancelled` are guarded by `lock`.
    // `produce` runs on the helper thread only, between its start and the caller's
    // ``HelperThread/join()``; whatever it reads (a ``TraceReader``) is the helper's alone meanwhile.
    private var chunks: [Chunk] = []
    private var isProducerDone = false
    private var isCancelled = false
    private var producerResult: Result<Value, any Error>?
    private let depth: Int
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private let changed: UnsafeMutablePointer<pthread_cond_t>
    private let produce: (_ deliver: (Chunk) throws -> Void) throws -> Value

    /// Thrown by `deliver` once `consume` failed: `produce` should stop then, and its error is
    /// not reported (the consumer's is).
    struct Cancelled: Error {}

    private init(depth: Int, produce: @escaping (_ deliver: (Chunk) throws -> Void) throws -> Value) {
        self.depth = max(1, depth)
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
    /// `produce` delivers, in order, and returns what `produce` returned; both run on the
    /// calling thread, one chunk at a time, when no thread can be made.
    ///
    /// `produce`'s `deliver` waits while `depth` chunks wait to be consumed, and throws
    /// ``Cancelled`` once `consume` failed. `produce` must not touch what the calling thread
    /// touches while this runs; what it captured is the calling thread's again once this returns.
    ///
    /// - Parameter setUp: run on the helper thread before `produce`, to mark the thread for what
    ///   it works for (the writer's pipeline marks it as writing for the writer); not run when
    ///   no thread can be made.
    /// - Throws: the first error `consume` threw (the chunks after it are not consumed), else
    ///   the error `produce` threw, after every chunk it delivered before was consumed.
    static func run(
        depth: Int, onHelperThread setUp: @escaping () -> Void = {},
        produce: @escaping (_ deliver: (Chunk) throws -> Void) throws -> Value,
        consume: (Chunk) throws -> Void
    ) throws -> Value {
        let handOver = ReadAhead(depth: depth, produce: produce)
        guard
            let helper = HelperThread.start({
                setUp()
                handOver.runProducer()
            })
        else {
            return try produce(consume)
        }
        let consumed = Result { try handOver.consumeAll(consume) }
        if case .failure = consumed {
            handOver.cancel()
        }
        helper.join()
        try consumed.get()
        return try handOver.finishedProducerResult().get()
    }

    /// Consumes each chunk as the helper delivers it, until it is done.
    private func consumeAll(_ consume: (Chunk) throws -> Void) throws {
        while let chunk = next() {
            try consume(chunk)
        }
    }

    /// The helper thread's half: `produce`, each chunk handed over under `lock` once there is
    /// room, then how it ended.
    private func runProducer() {
        let result = Result {
            try produce { chunk in
                pthread_mutex_lock(lock)
                defer { pthread_mutex_unlock(lock) }
                while chunks.count >= depth, !isCancelled {
                    pthread_cond_wait(changed, lock)
                }
                guard !isCancelled else { throw Cancelled() }
                chunks.append(chunk)
                pthread_cond_broadcast(changed)
            }
        }
        pthread_mutex_lock(lock)
        producerResult = result
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

    /// How `produce` ended, once it has.
    private func finishedProducerResult() -> Result<Value, any Error> {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return producerResult ?? .failure(Cancelled())
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

// Every mutable property is guarded by `lock`; `produce` and what it captured belong to the
// helper thread from its start to the caller's ``HelperThread/join()``: `pthread_create` and
// `pthread_join` order them with the caller's own accesses before and after.
extension ReadAhead: @unchecked Sendable {}
