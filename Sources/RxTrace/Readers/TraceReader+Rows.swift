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
        self.init(row: row, columns: Columns(row.columnNames, idColumn: idColumn))
    }

    /// Where a call's fields lie in one statement's rows, resolved once for all of them: a
    /// report reads millions of calls through a few statements, and looking each of twelve
    /// names up in every row was a tenth of its time.
    struct Columns {
        /// The statement's columns these positions are for.
        let columns: RowColumns
        let id, parentID, depth, threadName, name, file, line, objectID, typeName, detail, start, duration: Int?

        init(_ columns: RowColumns, idColumn: String = "id") {
            self.columns = columns
            id = columns.position(of: idColumn)
            parentID = columns.position(of: "parent_id")
            depth = columns.position(of: "depth")
            threadName = columns.position(of: "thread_name")
            name = columns.position(of: "name")
            file = columns.position(of: "file")
            line = columns.position(of: "line")
            objectID = columns.position(of: "object_id")
            typeName = columns.position(of: "type_name")
            detail = columns.position(of: "detail")
            start = columns.position(of: "ts")
            duration = columns.position(of: "dur")
        }
    }

    init(row: Row, columns: Columns) {
        self.init(
            id: row.integer(at: columns.id) ?? 0,
            parentID: row.integer(at: columns.parentID),
            depth: Int(row.integer(at: columns.depth) ?? 0),
            threadName: row.traceText(at: columns.threadName) ?? "",
            name: row.traceText(at: columns.name) ?? "",
            file: row.traceText(at: columns.file) ?? "",
            line: Int(row.integer(at: columns.line) ?? 0),
            objectID: row.integer(at: columns.objectID),
            typeName: row.traceText(at: columns.typeName),
            detail: row.traceText(at: columns.detail),
            startNanoseconds: row.integer(at: columns.start) ?? 0,
            durationNanoseconds: row.integer(at: columns.duration)
        )
    }

    /// Reads calls from rows, resolving where their fields lie (``Columns``) once per statement
    /// rather than once per row.
    static func rowReader() -> (Row) -> CallRecord {
        var columns: Columns?
        return { row in
            if columns?.columns !== row.columnNames { columns = Columns(row.columnNames) }
            return CallRecord(row: row, columns: columns!)
        }
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
        traceText(at: columnNames.position(of: name))
    }

    /// ``traceText(_:)`` of the column at `position`.
    func traceText(at position: Int?) -> String? {
        text(at: position).map(TraceReader.cutToMaximumLength)
    }
}

extension TraceReader {
    /// `text` cut to ``maximumTextLength`` characters, with how many bytes were left out, as
    /// ``Row/traceText(_:)`` reads a column.
    static func cutToMaximumLength(_ text: String) -> String {
        guard text.utf8.count > maximumTextLength else { return text }
        let kept = text.prefix(maximumTextLength)
        guard kept.endIndex < text.endIndex else { return text }
        return kept + "… (\(text.utf8.count - kept.utf8.count) more bytes)"
    }
}
