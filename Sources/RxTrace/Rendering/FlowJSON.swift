/// Writes a ``Flow`` as JSON byte for byte as ``JSONText/encoder()`` writes it (pretty-printed,
/// keys sorted and in snake_case, slashes left as they are), without the encoder: `report --all
/// --format json` writes every flow of the trace, and encoding millions of steps through
/// `JSONEncoder` (a boxed value per field, a dictionary per step, keys converted and sorted
/// per step) was two thirds of its time.
///
/// The members are written in the order the encoder sorts them, an absent optional left out
/// as the encoder leaves it. `FlowJSONTests` holds the writer to the encoder on every committed
/// trace's flows and on flows with every field and every kind of character.
enum FlowJSON {
    /// `flow` as ``JSONText/encoder()`` encodes it, with `indent` before every line after the
    /// first but the empty ones (as ``JSONReportRenderer`` places a flow inside the report).
    static func encoded(_ flow: Flow, indent: String = "") -> String {
        var writer = Writer(indent: indent)
        writer.write(flow)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The bytes written so far and the indentation of the current level.
    private struct Writer {
        var bytes: [UInt8] = []
        /// The indentation of the value being written: the caller's, then two spaces a level.
        private var indentation: [UInt8]

        init(indent: String) {
            indentation = Array(indent.utf8)
            bytes.reserveCapacity(4096)
        }

        mutating func write(_ flow: Flow) {
            object { writer in
                if let ended = flow.endsSubscriptions {
                    writer.key("ends_subscriptions")
                    writer.array(ended) { writer, id in writer.number(id) }
                }
                if let folded = flow.foldedCount {
                    writer.key("folded_count")
                    writer.number(folded)
                }
                writer.key("number")
                writer.number(flow.number)
                if let omitted = flow.omittedCalls {
                    writer.key("omitted_calls")
                    writer.number(omitted)
                }
                if let hop = flow.scheduledIn {
                    writer.key("scheduled_in")
                    writer.write(hop)
                }
                writer.key("steps")
                writer.array(flow.steps) { writer, step in writer.write(step) }
                if let subscription = flow.subscriptionID {
                    writer.key("subscription_id")
                    writer.number(subscription)
                }
                if let tags = flow.tags {
                    writer.key("tags")
                    writer.array(tags) { writer, tag in writer.string(tag) }
                }
                writer.key("thread_name")
                writer.string(flow.threadName)
                writer.key("title")
                writer.string(flow.title)
            }
        }

        mutating func write(_ step: FlowStep) {
            object { writer in
                if let call = step.callID {
                    writer.key("call_id")
                    writer.number(call)
                }
                writer.key("depth")
                writer.number(step.depth)
                writer.key("kind")
                writer.string(step.kind.rawValue)
                writer.key("label")
                writer.string(step.label)
                if let location = step.location {
                    writer.key("location")
                    writer.string(location)
                }
                if let object = step.objectID {
                    writer.key("object_id")
                    writer.number(object)
                }
                if let runsIn = step.runsIn {
                    writer.key("runs_in")
                    writer.array(runsIn) { writer, hop in writer.write(hop) }
                }
            }
        }

        mutating func write(_ hop: FlowHop) {
            object { writer in
                writer.key("flow_number")
                writer.number(hop.flowNumber)
                writer.key("item_label")
                writer.string(hop.itemLabel)
                writer.key("thread_name")
                writer.string(hop.threadName)
            }
        }

        /// Whether the object being written has no member yet.
        private var isFirstMember = true

        /// Starts the member `key` (given in snake_case, in the encoder's sorted order) of the
        /// object being written, on its own line one level in; its value is written next.
        private mutating func key(_ key: StaticString) {
            if !isFirstMember { bytes.append(UInt8(ascii: ",")) }
            isFirstMember = false
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: indentation)
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
            bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
        }

        /// `{`, the members `body` writes, each on its own line, `}` on a line of its own (every
        /// object written here has members).
        private mutating func object(_ body: (inout Writer) -> Void) {
            bytes.append(UInt8(ascii: "{"))
            indentation.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")])
            let outerIsFirstMember = isFirstMember
            isFirstMember = true
            body(&self)
            indentation.removeLast(2)
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: indentation)
            isFirstMember = outerIsFirstMember
            bytes.append(UInt8(ascii: "}"))
        }

        /// `[`, each element on its own line one level in, `]`; an empty array as the encoder
        /// writes it: `[`, an empty line, `]`.
        private mutating func array<Element>(_ elements: [Element], _ write: (inout Writer, Element) -> Void) {
            bytes.append(UInt8(ascii: "["))
            bytes.append(UInt8(ascii: "\n"))
            indentation.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")])
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(contentsOf: [UInt8(ascii: ","), UInt8(ascii: "\n")]) }
                bytes.append(contentsOf: indentation)
                write(&self, element)
            }
            indentation.removeLast(2)
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: indentation)
            bytes.append(UInt8(ascii: "]"))
        }

        private mutating func number(_ value: some BinaryInteger) {
            bytes.append(contentsOf: String(value).utf8)
        }

        /// `text` in quotes, escaped as the encoder escapes it: a quote and a backslash with a
        /// backslash, backspace, tab, line feed, form feed and carriage return by their letters,
        /// any other control character below 0x20 as `\u00xx`; everything else as it is.
        private mutating func string(_ text: String) {
            bytes.append(UInt8(ascii: "\""))
            var text = text
            text.withUTF8 { utf8 in
                for byte in utf8 {
                    switch byte {
                    case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                    case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                    case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                    case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                    case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                    case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                    case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                    case 0..<0x20:
                        bytes.append(contentsOf: [
                            UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        ])
                        bytes.append(Self.hexDigit(byte >> 4))
                        bytes.append(Self.hexDigit(byte & 0xF))
                    default: bytes.append(byte)
                    }
                }
            }
            bytes.append(UInt8(ascii: "\""))
        }

        /// The lowercase hexadecimal digit of `value` (0 to 15).
        private static func hexDigit(_ value: UInt8) -> UInt8 {
            value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
        }
    }
}
