import RxCore

extension TraceRun {
    init(row: Row) {
        self.init(
            schemaVersion: Int(row.integer("schema_version") ?? 0),
            program: row.traceText("program") ?? "",
            startTime: row.traceText("start_time") ?? "",
            endNanoseconds: row.integer("end_ts"),
            endReason: EndReason(rawValue: row.traceText("end_reason") ?? "") ?? .running,
            signalName: row.traceText("signal_name"),
            isRecordingValues: row.integer("is_recording_values") == 1,
            resourcesTotalStart: Int(row.integer("resources_total_start") ?? 0),
            resourcesTotalEnd: row.integer("resources_total_end").map(Int.init),
            recordCount: Int(row.integer("record_count") ?? 0),
            failure: row.traceText("failure"),
            detail: row.traceText("detail").flatMap(RecordingDetail.init(rawValue:)) ?? .calls
        )
    }
}

extension CallRecord {
    init(row: Row) {
        self.init(row: row, idColumn: "id")
    }

    init(row: Row, idColumn: String) {
        self.init(
            id: row.integer(idColumn) ?? 0,
            parentID: row.integer("parent_id"),
            depth: Int(row.integer("depth") ?? 0),
            threadName: row.traceText("thread_name") ?? "",
            name: row.traceText("name") ?? "",
            file: row.traceText("file") ?? "",
            line: Int(row.integer("line") ?? 0),
            objectID: row.integer("object_id"),
            typeName: row.traceText("type_name"),
            detail: row.traceText("detail"),
            startNanoseconds: row.integer("ts") ?? 0,
            durationNanoseconds: row.integer("dur")
        )
    }
}

extension ObjectRecord {
    init(row: Row) {
        self.init(
            id: row.integer("id") ?? 0,
            typeName: row.traceText("type_name") ?? "",
            startNanoseconds: row.integer("start_ts") ?? 0,
            endNanoseconds: row.integer("end_ts"),
            callID: row.integer("call_id"),
            scopeID: row.integer("scope_id"),
            virtualTime: row.integer("virtual_ts"),
            assembly: row.traceText("assembled_by").map { name in
                Assembly(
                    name: name, file: row.traceText("assembled_file") ?? "",
                    line: Int(row.integer("assembled_line") ?? 0)
                )
            }
        )
    }
}

extension EventRecord {
    init(row: Row) {
        self.init(
            id: row.integer("id") ?? 0,
            timeNanoseconds: row.integer("ts") ?? 0,
            callID: row.integer("call_id"),
            kind: row.traceText("kind").flatMap(EventKind.init(rawValue:)),
            value: row.traceText("value"),
            sourceObjectID: row.integer("source_object_id"),
            observerObjectID: row.integer("observer_object_id")
        )
    }
}

extension SubscriptionRecord {
    init(row: Row) {
        self.init(
            id: row.integer("id") ?? 0,
            startNanoseconds: row.integer("ts") ?? 0,
            threadName: row.traceText("thread_name") ?? "",
            callID: row.integer("call_id"),
            observableObjectID: row.integer("observable_object_id"),
            observableTypeName: row.traceText("observable_type_name"),
            observerObjectID: row.integer("observer_object_id"),
            disposableObjectID: row.integer("disposable_object_id"),
            file: row.traceText("file") ?? "",
            line: Int(row.integer("line") ?? 0),
            endNanoseconds: row.integer("end_ts"),
            endKind: row.traceText("end_kind").flatMap(SubscriptionEnd.init(rawValue:)),
            scopeID: row.integer("scope_id"),
            virtualTime: row.integer("virtual_ts"),
            endCallID: row.integer("end_call_id")
        )
    }
}

extension CauseStep {
    init(row: Row) {
        self.init(
            step: Int(row.integer("step") ?? 0),
            via: row.text("via"),
            call: CallRecord(row: row, idColumn: row.integer("call_id") != nil ? "call_id" : "id"),
            hopEventID: row.integer("hop_event_id")
        )
    }
}

extension Row {
    /// The text of column `name` cut to ``TraceReader/maximumTextLength`` characters, with how
    /// much was left out, or `nil`.
    func traceText(_ name: String) -> String? {
        Self.cutToTraceLength(text(name))
    }

    /// The text of the column at `position` (0 for the first one selected), as
    /// ``traceText(_:)`` cuts it: for a statement read millions of times, whose columns its
    /// reader selects in a known order, without looking each name up in every row.
    func traceText(at position: Int) -> String? {
        Self.cutToTraceLength(position < values.count ? values[position].text : nil)
    }

    /// The integer of the column at `position`, or `nil`, as ``traceText(at:)`` reads a text.
    func integer(at position: Int) -> Int64? {
        position < values.count ? values[position].integer : nil
    }

    private static func cutToTraceLength(_ text: String?) -> String? {
        guard let text else { return nil }
        guard text.utf8.count > TraceReader.maximumTextLength else { return text }
        let kept = text.prefix(TraceReader.maximumTextLength)
        guard kept.endIndex < text.endIndex else { return text }
        return kept + "… (\(text.utf8.count - kept.utf8.count) more bytes)"
    }
}
