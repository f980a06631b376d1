extension FlowBuilder {
    /// How many flows, or steps of them, one hand-over from the reading thread carries at most
    /// (a flow is never split; a chunk ends after the flow that reaches either bound).
    static let readAheadChunkFlows = 64
    static let readAheadChunkSteps = 16_384
    /// How many chunks the reading thread builds ahead of the one being handed over.
    static let readAheadDepth = 4

    /// ``forEachFlow(limit:tag:foldingBookkeeping:_:)`` with the flows read on a helper thread
    /// (``ReadAhead``) while each is laid out (``FlowToLayOut/laidOut()``) and handed to `body`
    /// on the calling thread: the same flows, in the same order, with the same count returned
    /// and the same error thrown after the same flows, in about the time of the slower half
    /// instead of both.
    ///
    /// At most ``readAheadDepth`` chunks of ``readAheadChunkFlows`` flows or
    /// ``readAheadChunkSteps`` steps wait, besides the one `body` is given and the one being
    /// built: memory stays bounded by a few windows however many flows the trace has.
    ///
    /// The builder's reader belongs to the helper thread until this returns: `body` must not
    /// use it.
    @discardableResult
    func forEachFlowReadAhead(limit: Int? = nil, tag: String? = nil, _ body: (Flow) throws -> Void) throws -> Int {
        let builder = self
        return try ReadAhead<[FlowToLayOut], Int>.run(depth: Self.readAheadDepth) { deliver in
            var chunk: [FlowToLayOut] = []
            var steps = 0
            func deliverChunk() throws {
                guard !chunk.isEmpty else { return }
                let full = chunk
                chunk = []
                steps = 0
                try deliver(full)
            }
            do {
                let read = try builder.forEachFlowToLayOut(limit: limit, tag: tag, foldingBookkeeping: true) { flow in
                    steps += flow.stepCount
                    chunk.append(flow)
                    if chunk.count >= Self.readAheadChunkFlows || steps >= Self.readAheadChunkSteps {
                        try deliverChunk()
                    }
                }
                try deliverChunk()
                return read
            } catch let error as ReadAhead<[FlowToLayOut], Int>.Cancelled {
                throw error
            } catch {
                // The flows built before the error are handed over before it, as one thread would.
                try deliverChunk()
                throw error
            }
        } consume: { flows in
            for flow in flows { try body(flow.laidOut()) }
        }
    }
}
