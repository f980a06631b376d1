/// What a diff compares of one trace: its subscriptions', flows' and leaks' shapes by key
/// (``TraceDiffer/Shapes``), read from it alone.
///
/// The two traces of a diff are independent until their shapes meet, so
/// ``read(before:after:)`` reads them side by side (``SideBySide``), each through its own reader
/// and connection: a diff of two large traces takes the wall time of the larger one, not of both.
struct TraceShapes {
    /// Each user subscription by its subscribe site (``TraceDiffer/subscriptionShapes(_:)``).
    var subscriptions: TraceDiffer.Shapes
    /// Each flow by its title (``TraceDiffer/flowShapes(_:)``).
    var flows: TraceDiffer.Shapes
    /// Each leak by its site or type (``TraceDiffer/leakShapes(_:)``).
    var leaks: TraceDiffer.Shapes

    /// The parts in the order they are read, which is the order their errors are reported in.
    enum Part: Int, Comparable {
        case subscriptions, flows, leaks

        static func < (left: Part, right: Part) -> Bool { left.rawValue < right.rawValue }
    }

    /// The error that stopped reading one trace's shapes, and the part it stopped in.
    struct ReadFailure: Error {
        let part: Part
        let error: any Error
    }

    /// The shapes of `reader`'s trace, its parts read in ``Part``'s order; the first error stops it.
    static func read(from reader: TraceReader) -> Result<TraceShapes, ReadFailure> {
        var part = Part.subscriptions
        do {
            let subscriptions = try TraceDiffer.subscriptionShapes(reader)
            part = .flows
            let flows = try TraceDiffer.flowShapes(reader)
            part = .leaks
            let leaks = try TraceDiffer.leakShapes(reader)
            return .success(TraceShapes(subscriptions: subscriptions, flows: flows, leaks: leaks))
        } catch {
            return .failure(ReadFailure(part: part, error: error))
        }
    }

    /// The shapes of both traces, `before`'s read on a helper thread while `after`'s are read
    /// on this one; one after the other when both readers share a connection.
    ///
    /// - Throws: the error reading them one part at a time, each part of `before` then of
    ///   `after`, would have met first (``bothOrFirstError(before:after:)``): the same error
    ///   whichever thread was faster.
    static func read(before: TraceReader, after: TraceReader) throws -> (before: TraceShapes, after: TraceShapes) {
        let outcomes: (helper: Result<TraceShapes, ReadFailure>, caller: Result<TraceShapes, ReadFailure>)
        if before.sharesConnection(with: after) {
            // One connection is used by one thread at a time.
            outcomes = (read(from: before), read(from: after))
        } else {
            // `before` is used by the helper thread only, until it is joined.
            outcomes = SideBySide.run(helper: { read(from: before) }, caller: { read(from: after) })
        }
        return try bothOrFirstError(before: outcomes.helper, after: outcomes.caller)
    }

    /// Both traces' shapes, or the error reading them one part at a time, each part of
    /// `before` then of `after`, would have met first: the earlier part's, `before`'s on a tie.
    static func bothOrFirstError(
        before: Result<TraceShapes, ReadFailure>, after: Result<TraceShapes, ReadFailure>
    ) throws -> (before: TraceShapes, after: TraceShapes) {
        switch (before, after) {
        case (.success(let before), .success(let after)):
            return (before, after)
        case (.failure(let failure), .success), (.success, .failure(let failure)):
            throw failure.error
        case (.failure(let beforeFailure), .failure(let afterFailure)):
            throw afterFailure.part < beforeFailure.part ? afterFailure.error : beforeFailure.error
        }
    }
}
