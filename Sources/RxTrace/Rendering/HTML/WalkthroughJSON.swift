/// Writes a page's ``HTMLReport/Walkthrough`` as JSON by hand, byte for byte as the page's
/// encoder (``HTMLReportRenderer/jsonEncoder()``: compact, keys sorted) writes it.
///
/// The walkthrough is flat arrays of up to 100,000 moments' numbers: the encoder boxed each
/// of them, which was a tenth of a large trace's page. ``HTMLReportRenderer/writeJSON(_:liveObjects:to:)``
/// encodes the rest of the report with an empty walkthrough and puts this in its place; a test
/// holds it to the encoder.
enum WalkthroughJSON {
    /// `"walkthrough":` and `walkthrough`'s JSON: the last member of the page's data, its keys
    /// sorted as the encoder sorts them.
    static func member(_ walkthrough: HTMLReport.Walkthrough) -> [UInt8] {
        var bytes: [UInt8] = []
        let numbers =
            walkthrough.moments.count + walkthrough.objects.count + walkthrough.events.count
            + walkthrough.subscriptions.count + walkthrough.bagEntries.count + walkthrough.states.count
        bytes.reserveCapacity(256 + numbers * 8)
        func append(_ text: StaticString) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        func array<Value>(_ values: [Value], _ appendValue: (Value, inout [UInt8]) -> Void) {
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendValue(value, &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        func integers(_ values: [Int64]) {
            array(values) { DecimalText.append($0, to: &$1) }
        }
        func strings(_ values: [String]) {
            array(values) { PrettyJSONWriter.appendString($0, to: &$1) }
        }
        append("\"walkthrough\":{\"bagEntries\":")
        integers(walkthrough.bagEntries)
        append(",\"events\":")
        integers(walkthrough.events)
        append(",\"moments\":")
        integers(walkthrough.moments)
        append(",\"objects\":")
        integers(walkthrough.objects)
        append(",\"stateTexts\":")
        strings(walkthrough.stateTexts)
        append(",\"states\":")
        integers(walkthrough.states)
        append(",\"subscriptions\":")
        integers(walkthrough.subscriptions)
        append(",\"total\":")
        DecimalText.append(Int64(walkthrough.total), to: &bytes)
        append(",\"types\":")
        strings(walkthrough.types)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}
