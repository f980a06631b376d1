/// Writes a trace in the JSON trace-event format (Chrome's, which Perfetto's UI and
/// `chrome://tracing` open): each thread a track, each call a slice nested under the call that
/// made it, each user subscription an async slice from subscribe to its end, each event a flow
/// arrow from the call that sent it to the call that received it, and the objects alive and
/// `Resources.total` as counters.
///
/// The JSON format rather than Perfetto's protobuf: it needs no generated code, a person can read
/// it, and Perfetto imports every part used here (`X`, `b`/`e`, `s`/`f`, `C`, `M`).
///
/// Streaming: every table is read one row at a time and each event is written as soon as it is
/// read, so a trace of any size exports in constant memory.
///
/// Times: the format's `ts` and `dur` are microseconds; the trace's nanoseconds are written as
/// microseconds with three decimals, so no precision is lost.
public struct PerfettoTraceExporter {
    private let reader: TraceReader

    /// The one process every track belongs to.
    static let processID = 1

    /// The counter of instrumented objects alive.
    static let liveObjectsCounter = "live objects"
    /// The counter of RxSwift's `Resources.total`.
    static let resourcesTotalCounter = "Resources.total"

    /// An exporter reading from `reader`.
    public init(reader: TraceReader) {
        self.reader = reader
    }

    /// Writes the whole JSON document to `output`, piece by piece.
    public func write(to output: (String) -> Void) throws {
        let run = reader.run
        let end = try reader.endNanoseconds()
        output(
            "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"program\":\(JSONText.quoted(run.program)),"
                + "\"start_time\":\(JSONText.quoted(run.startTime)),\"schema_version\":\(run.schemaVersion)},"
                + "\"traceEvents\":[\n"
        )
        var isFirstEvent = true
        func append(_ event: String) {
            output(isFirstEvent ? event : ",\n" + event)
            isFirstEvent = false
        }
        let pid = Self.processID

        append(
            "{\"ph\":\"M\",\"pid\":\(pid),\"tid\":0,\"name\":\"process_name\","
                + "\"args\":{\"name\":\(JSONText.quoted(run.program))}}"
        )
        for thread in try reader.threads() {
            append(
                "{\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(thread.id),\"name\":\"thread_name\","
                    + "\"args\":{\"name\":\(JSONText.quoted(thread.name))}}"
            )
        }

        // Calls: complete slices; a call that never returned lasts until the run's end.
        try reader.forEachCall { call, threadID in
            let duration = call.durationNanoseconds ?? max(0, end - call.startNanoseconds)
            var args = "\"call\":\(call.id),\"code\":\(JSONText.quoted(call.location))"
            if let objectID = call.objectID {
                args += ",\"object\":\(JSONText.quoted("\(TypeNames.short(call.typeName ?? "object")) #\(objectID)"))"
            }
            if call.durationNanoseconds == nil { args += ",\"returned\":false" }
            append(
                "{\"ph\":\"X\",\"cat\":\"call\",\"name\":\(JSONText.quoted(call.label)),\"pid\":\(pid),"
                    + "\"tid\":\(threadID),\"ts\":\(Self.microseconds(call.startNanoseconds)),"
                    + "\"dur\":\(Self.microseconds(duration)),\"args\":{\(args)}}"
            )
        }

        // Subscriptions: async slices, one per subscription, keyed by its id.
        try reader.forEachSubscription { subscription, threadID in
            let name = JSONText.quoted("subscription #\(subscription.id) at \(subscription.site)")
            let common =
                "\"cat\":\"subscription\",\"id\":\(subscription.id),\"name\":\(name),\"pid\":\(pid),"
                + "\"tid\":\(threadID)"
            var args = "\"subscribed_at\":\(JSONText.quoted(subscription.site))"
            if let observable = subscription.observableObjectID {
                let type = TypeNames.short(subscription.observableTypeName ?? "object")
                args += ",\"observable\":\(JSONText.quoted("\(type) #\(observable)"))"
            }
            append(
                "{\"ph\":\"b\",\(common),\"ts\":\(Self.microseconds(subscription.startNanoseconds)),\"args\":{\(args)}}"
            )
            let endTime = max(subscription.endNanoseconds ?? end, subscription.startNanoseconds)
            append(
                "{\"ph\":\"e\",\(common),\"ts\":\(Self.microseconds(endTime)),"
                    + "\"args\":{\"end\":\(JSONText.quoted(subscription.endKind?.rawValue ?? "never ended"))}}"
            )
        }

        // Events: a flow arrow from the call that sent each event to the observer's call that
        // received it, both on the thread they ran on. Events without both calls recorded get no
        // arrow: there is no slice to bind it to.
        try reader.forEachEventArrow { arrow in
            let kind = arrow.kind ?? "event"
            let name = JSONText.quoted(arrow.value.map { "\(kind)(\($0))" } ?? kind)
            let common = "\"cat\":\"event\",\"id\":\(arrow.eventID),\"name\":\(name),\"pid\":\(pid)"
            append(
                "{\"ph\":\"s\",\(common),\"tid\":\(arrow.sourceThreadID),"
                    + "\"ts\":\(Self.microseconds(arrow.sourceNanoseconds))}"
            )
            append(
                "{\"ph\":\"f\",\"bp\":\"e\",\(common),\"tid\":\(arrow.targetThreadID),"
                    + "\"ts\":\(Self.microseconds(arrow.targetNanoseconds))}"
            )
        }

        // Live objects: how many instrumented objects were alive, at every time that changed.
        var live = 0
        func counter(_ name: String, at time: Int64, _ value: Int) -> String {
            "{\"ph\":\"C\",\"name\":\(JSONText.quoted(name)),\"pid\":\(pid),\"tid\":0,\"ts\":\(Self.microseconds(time)),"
                + "\"args\":{\"value\":\(value)}}"
        }
        append(counter(Self.liveObjectsCounter, at: 0, live))
        try reader.forEachLiveObjectChange { time, delta in
            live += delta
            append(counter(Self.liveObjectsCounter, at: time, live))
        }
        // Resources.total as the trace records it: when recording started and when it ended.
        // Not every instrumented object counts in it (sinks do not), so it is not rebuilt from
        // the lifetimes in between.
        append(counter(Self.resourcesTotalCounter, at: 0, run.resourcesTotalStart))
        if let totalAtEnd = run.resourcesTotalEnd {
            append(counter(Self.resourcesTotalCounter, at: end, totalAtEnd))
        }
        output("\n]}\n")
    }

    /// `ns` nanoseconds as microseconds with three decimals: `1234567` → `1234.567`.
    static func microseconds(_ ns: Int64) -> String {
        let sign = ns < 0 ? "-" : ""
        let magnitude = ns.magnitude
        let fraction = String(magnitude % 1000)
        return sign + String(magnitude / 1000) + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }
}
