/// Writes a page's ``HTMLReport/Flow``s as JSON by hand, byte for byte as the page's encoder
/// (``HTMLReportRenderer/jsonEncoder()``: compact, keys sorted, an absent optional left out)
/// writes them.
///
/// A large trace's page holds 60,000 flow rows: the encoder boxed each of their members, a
/// tenth of the page at 30,000 open subscriptions. ``HTMLReportRenderer/writeJSON(_:liveObjects:to:)``
/// encodes the rest of the report without flows and puts these in their place; a test holds
/// them to the encoder.
enum PageFlowsJSON {
    /// `flows`' JSON array.
    static func array(_ flows: [HTMLReport.Flow]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(flows.reduce(64) { $0 + 160 + $1.steps.count * 120 })
        func append(_ text: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        func string(_ text: String) { PrettyJSONWriter.appendString(text, to: &bytes) }
        bytes.append(UInt8(ascii: "["))
        for (index, flow) in flows.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append("{\"number\":")
            DecimalText.append(Int64(flow.number), to: &bytes)
            append(",\"steps\":[")
            for (index, step) in flow.steps.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                // The step's keys (HTMLReport.Step.CodingKeys) sorted: c, d, i, l, m, n, p.
                bytes.append(UInt8(ascii: "{"))
                if let caller = step.caller {
                    append("\"c\":")
                    string(caller)
                    bytes.append(UInt8(ascii: ","))
                }
                append("\"d\":")
                DecimalText.append(Int64(step.depth), to: &bytes)
                append(",\"i\":")
                if step.isInit { append("true") } else { append("false") }
                append(",\"l\":")
                string(step.label)
                if let mirror = step.mirror {
                    append(",\"m\":")
                    string(mirror)
                }
                if let note = step.mirrorNote {
                    append(",\"n\":")
                    string(note)
                }
                if let place = step.place {
                    append(",\"p\":")
                    string(place)
                }
                bytes.append(UInt8(ascii: "}"))
            }
            bytes.append(UInt8(ascii: "]"))
            if let subscription = flow.subscription {
                append(",\"subscription\":")
                DecimalText.append(subscription, to: &bytes)
            }
            append(",\"thread\":")
            string(flow.thread)
            append(",\"title\":")
            string(flow.title)
            if let place = flow.userPlace {
                append(",\"userPlace\":")
                string(place)
            }
            bytes.append(UInt8(ascii: "}"))
        }
        bytes.append(UInt8(ascii: "]"))
        return bytes
    }
}
