/// The flow numbers of calls, each flow's looked up once.
struct FlowNumbers {
    private let reader: TraceReader
    private var byRoot: [Int64: Int] = [:]

    init(reader: TraceReader) {
        self.reader = reader
    }

    /// The flow event `event` was delivered in, `nil` at top level.
    mutating func of(_ event: EventRecord) throws -> Int? {
        try event.callID.flatMap { try of(call: $0) }
    }

    /// The flow call `call` ran in.
    mutating func of(call: Int64) throws -> Int? {
        let root = try reader.rootCall(of: call)
        if let known = byRoot[root] { return known }
        let number = try reader.flowNumbers(ofTopLevelCalls: [root])[root]
        byRoot[root] = number
        return number
    }
}
