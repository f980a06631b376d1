import Glibc

/// Runs a reader's two halves on two threads: a helper thread reads and builds (`produce`: a
/// report's SQLite reads and its flows), and the calling thread uses what it built (`consume`:
/// printing them), while the helper reads on, at most `depth` chunks ahead.
///
/// On this project's two cores a report then prints one window's flows while the next window
/// is read, instead of doing both in turn. What `consume` sees, and in which order, is what it
/// would see on one thread: the chunks in the order `produce` delivered them, then the error
/// `produce` threw, if any. Created and ended by ``run(depth:produce:consume:)``: the helper
/// thread never outlives that call.
final class ReadAhead<Chunk, Value> {
    // `chunks`, `isProducerDone`, `producerResult` and `isCancelled` are guarded by `lock`.
    // `produce` runs on the helper thread only, between its start and the caller's
    // `pthread_join`; whatever it reads (a ``TraceReader``) is the helper's alone meanwhile.
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
    /// - Throws: the first error `consume` threw (the chunks after it are not consumed), else
    ///   the error `produce` threw, after every chunk it delivered before was consumed.
    static func run(
        depth: Int, produce: @escaping (_ deliver: (Chunk) throws -> Void) throws -> Value,
        consume: (Chunk) throws -> Void
    ) throws -> Value {
        let pipeline = ReadAhead(depth: depth, produce: produce)
        guard let helper = pipeline.startHelper() else {
            return try produce(consume)
        }
        let consumed = Result { try pipeline.consumeAll(consume) }
        if case .failure = consumed {
            pipeline.cancel()
        }
        pthread_join(helper, nil)
        try consumed.get()
        return try pipeline.finishedProducerResult().get()
    }

    /// Starts the helper thread on ``runProducer()``; `nil` if no thread could be made.
    private func startHelper() -> pthread_t? {
        var helper = pthread_t()
        // A C function cannot name the generic class: it is handed a plain box around the start.
        let start = HelperThreadStart { self.runProducer() }
        let status = pthread_create(
            &helper, nil,
            { context in
                Unmanaged<HelperThreadStart>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            },
            Unmanaged.passRetained(start).toOpaque()
        )
        guard status == 0 else {
            Unmanaged.passUnretained(start).release()
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
// helper thread from its start to the caller's `pthread_join`, which orders them with the
// caller's own accesses before and after.
extension ReadAhead: @unchecked Sendable {}

/// What a helper thread runs, handed to `pthread_create` as its one pointer; made by
/// ``ReadAhead``'s start and released by the helper thread once it has run.
private final class HelperThreadStart {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }
}
