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
        var json = PrettyJSONWriter(indent: indent)
        write(flow, to: &json)
        return json.text
    }

    private static func write(_ flow: Flow, to json: inout PrettyJSONWriter) {
        json.object { json in
            if let ended = flow.endsSubscriptions {
                json.member("ends_subscriptions")
                json.integers(ended)
            }
            if let folded = flow.foldedCount {
                json.member("folded_count")
                json.integer(folded)
            }
            json.member("number")
            json.integer(flow.number)
            if let omitted = flow.omittedCalls {
                json.member("omitted_calls")
                json.integer(omitted)
            }
            if let hop = flow.scheduledIn {
                json.member("scheduled_in")
                write(hop, to: &json)
            }
            json.member("steps")
            json.array(flow.steps) { json, step in write(step, to: &json) }
            if let subscription = flow.subscriptionID {
                json.member("subscription_id")
                json.integer(subscription)
            }
            if let tags = flow.tags {
                json.member("tags")
                json.strings(tags)
            }
            json.member("thread_name")
            json.string(flow.threadName)
            json.member("title")
            json.string(flow.title)
        }
    }

    private static func write(_ step: FlowStep, to json: inout PrettyJSONWriter) {
        json.object { json in
            if let call = step.callID {
                json.member("call_id")
                json.integer(call)
            }
            json.member("depth")
            json.integer(step.depth)
            json.member("kind")
            json.string(step.kind.rawValue)
            json.member("label")
            json.string(step.label)
            if let location = step.location {
                json.member("location")
                json.string(location)
            }
            if let object = step.objectID {
                json.member("object_id")
                json.integer(object)
            }
            if let runsIn = step.runsIn {
                json.member("runs_in")
                json.array(runsIn) { json, hop in write(hop, to: &json) }
            }
        }
    }

    private static func write(_ hop: FlowHop, to json: inout PrettyJSONWriter) {
        json.object { json in
            json.member("flow_number")
            json.integer(hop.flowNumber)
            json.member("item_label")
            json.string(hop.itemLabel)
            json.member("thread_name")
            json.string(hop.threadName)
        }
    }
}
