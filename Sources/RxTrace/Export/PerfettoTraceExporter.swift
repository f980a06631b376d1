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
            "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"program\":\(Self.quoted(run.program)),"
                + "\"start_time\":\(Self.quoted(run.startTime)),\"schema_version\":\(run.schemaVersion)},"
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
                + "\"args\":{\"name\":\(Self.quoted(run.program))}}"
        )
        for thread in try reader.threads() {
            append(
                "{\"ph\":\"M\",\"pid\":\(pid),\"tid\":\(thread.id),\"name\":\"thread_name\","
                    + "\"args\":{\"name\":\(Self.quoted(thread.name))}}"
            )
        }

        // Calls: complete slices; a call that never returned lasts until the run's end.
        try reader.forEachRow(
            """
            SELECT call_flow.*, call.thread_id AS thread_id
            FROM call_flow JOIN call ON call.id = call_flow.id ORDER BY call_flow.id
            """
        ) { row in
            let call = CallRecord(row: row)
            let duration = call.durationNanoseconds ?? max(0, end - call.startNanoseconds)
            var args = "\"call\":\(call.id),\"code\":\(Self.quoted(call.location))"
            if let objectID = call.objectID {
                args += ",\"object\":\(Self.quoted("\(TypeNames.short(call.typeName ?? "object")) #\(objectID)"))"
            }
            if call.durationNanoseconds == nil { args += ",\"returned\":false" }
            append(
                "{\"ph\":\"X\",\"cat\":\"call\",\"name\":\(Self.quoted(call.label)),\"pid\":\(pid),"
                    + "\"tid\":\(row.integer("thread_id") ?? 0),\"ts\":\(Self.microseconds(call.startNanoseconds)),"
                    + "\"dur\":\(Self.microseconds(duration)),\"args\":{\(args)}}"
            )
        }

        // Subscriptions: async slices, one per subscription, keyed by its id.
        try reader.forEachRow(
            """
            SELECT subscription.*, thread.name AS thread_name, type.type_name AS observable_type_name
            FROM subscription
            JOIN thread ON thread.id = subscription.thread_id
            LEFT JOIN object ON object.id = subscription.observable_object_id
            LEFT JOIN type ON type.id = object.type_id
            ORDER BY subscription.id
            """
        ) { row in
            let subscription = SubscriptionRecord(row: row)
            let name = Self.quoted("subscription #\(subscription.id) at \(subscription.site)")
            let common = "\"cat\":\"subscription\",\"id\":\(subscription.id),\"name\":\(name),\"pid\":\(pid),"
                + "\"tid\":\(row.integer("thread_id") ?? 0)"
            var args = "\"subscribed_at\":\(Self.quoted(subscription.site))"
            if let observable = subscription.observableObjectID {
                let type = TypeNames.short(subscription.observableTypeName ?? "object")
                args += ",\"observable\":\(Self.quoted("\(type) #\(observable)"))"
            }
            append(
                "{\"ph\":\"b\",\(common),\"ts\":\(Self.microseconds(subscription.startNanoseconds)),\"args\":{\(args)}}"
            )
            let endTime = max(subscription.endNanoseconds ?? end, subscription.startNanoseconds)
            append(
                "{\"ph\":\"e\",\(common),\"ts\":\(Self.microseconds(endTime)),"
                    + "\"args\":{\"end\":\(Self.quoted(subscription.endKind ?? "never ended"))}}"
            )
        }

        // Events: a flow arrow from the call that sent each event to the observer's call that
        // received it (the first call on the observer that the sending call made once the event
        // was recorded), both on the thread they ran on. Events without both calls recorded get no
        // arrow: there is no slice to bind it to.
        try reader.forEachRow(
            """
            SELECT sent.id, sent.kind, sent.value, source.ts AS source_ts, source.thread_id AS source_thread_id,
                target.ts AS target_ts, target.thread_id AS target_thread_id
            FROM (
                SELECT event.*, (
                    SELECT min(receiving.id) FROM call AS receiving
                    WHERE receiving.parent_id = event.call_id AND receiving.object_id = event.observer_object_id
                        AND receiving.ts >= event.ts
                ) AS target_call_id
                FROM event
            ) AS sent
            JOIN call AS source ON source.id = sent.call_id
            JOIN call AS target ON target.id = sent.target_call_id
            ORDER BY sent.id
            """
        ) { row in
            let kind = row.text("kind") ?? "event"
            let name = Self.quoted(row.text("value").map { "\(kind)(\($0))" } ?? kind)
            let common = "\"cat\":\"event\",\"id\":\(row.integer("id") ?? 0),\"name\":\(name),\"pid\":\(pid)"
            append(
                "{\"ph\":\"s\",\(common),\"tid\":\(row.integer("source_thread_id") ?? 0),"
                    + "\"ts\":\(Self.microseconds(row.integer("source_ts") ?? 0))}"
            )
            append(
                "{\"ph\":\"f\",\"bp\":\"e\",\(common),\"tid\":\(row.integer("target_thread_id") ?? 0),"
                    + "\"ts\":\(Self.microseconds(row.integer("target_ts") ?? 0))}"
            )
        }

        // Live objects: how many instrumented objects were alive, at every time that changed.
        var live = 0
        func counter(_ name: String, at time: Int64, _ value: Int) -> String {
            "{\"ph\":\"C\",\"name\":\(Self.quoted(name)),\"pid\":\(pid),\"tid\":0,\"ts\":\(Self.microseconds(time)),"
                + "\"args\":{\"value\":\(value)}}"
        }
        append(counter(Self.liveObjectsCounter, at: 0, live))
        try reader.forEachRow(
            """
            SELECT ts, sum(delta) AS delta FROM (
                SELECT start_ts AS ts, 1 AS delta FROM object
                UNION ALL SELECT end_ts, -1 FROM object WHERE end_ts IS NOT NULL
            ) GROUP BY ts ORDER BY ts
            """
        ) { row in
            live += Int(row.integer("delta") ?? 0)
            append(counter(Self.liveObjectsCounter, at: row.integer("ts") ?? 0, live))
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

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
