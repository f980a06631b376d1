import Foundation

/// Checks a JSON document against the rules of the trace-event format (Chrome's "Trace Event
/// Format" document, which Perfetto's JSON importer follows) and returns every violation:
///
/// - the document is an object with a `traceEvents` array of objects;
/// - every event has a known `ph`, a `pid` and a `tid` (integers), and every phase but `M` a
///   numeric `ts` ≥ 0; every phase but `E` a `name`;
/// - `X` has a `dur` ≥ 0, and the `X` slices of one thread nest: each lies inside the slice
///   open when it starts, or after it ends;
/// - `B`/`E` pair up per thread, last opened first closed, `E` not before its `B`;
/// - `b`/`e` pair up by `cat`, `id` and `name`, `e` not before its `b`, none left open;
/// - `s`/`f` pair up by `cat` and `id`, `f` not before `s`, one of each, and each binds to a
///   slice: `s` lies inside an `X` slice of its thread, `f` (with `bp: "e"`) too;
/// - `C` has an `args` object of numbers;
/// - `M` is `process_name` or `thread_name` with a string `args.name`.
enum TraceEventChecker {
    static let phases: Set<String> = ["B", "E", "X", "i", "I", "C", "b", "e", "n", "s", "t", "f", "M"]

    private struct Slice {
        let start: Double
        let end: Double
        let order: Int
    }

    static func violations(of data: Data) -> [String] {
        guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return ["the document is not a JSON object"]
        }
        guard let events = document["traceEvents"] as? [Any] else { return ["no traceEvents array"] }
        var problems: [String] = []
        var slices: [String: [Slice]] = [:]
        var beginEndStacks: [String: [Double]] = [:]
        var openAsync: [String: Double] = [:]
        var flowStarts: [String: (ts: Double, thread: String)] = [:]
        var flowEnds: [String: (ts: Double, thread: String)] = [:]

        for (index, element) in events.enumerated() {
            guard let event = element as? [String: Any] else {
                problems.append("event \(index) is not an object")
                continue
            }
            let where_ = "event \(index)"
            guard let phase = event["ph"] as? String, phases.contains(phase) else {
                problems.append("\(where_): unknown ph \(String(describing: event["ph"]))")
                continue
            }
            guard let pid = event["pid"] as? Int, let tid = event["tid"] as? Int else {
                problems.append("\(where_) (\(phase)): pid and tid must be integers")
                continue
            }
            let thread = "\(pid)/\(tid)"
            if phase != "E", !(event["name"] is String) { problems.append("\(where_) (\(phase)): no name") }
            var ts = 0.0
            if phase != "M" {
                guard let time = (event["ts"] as? NSNumber)?.doubleValue, time >= 0 else {
                    problems.append("\(where_) (\(phase)): ts must be a number ≥ 0")
                    continue
                }
                ts = time
            }
            let name = event["name"] as? String ?? ""
            let category = event["cat"] as? String ?? ""
            let id = (event["id"] as? NSNumber)?.stringValue ?? event["id"] as? String
            switch phase {
            case "X":
                guard let duration = (event["dur"] as? NSNumber)?.doubleValue, duration >= 0 else {
                    problems.append("\(where_) (X): dur must be a number ≥ 0")
                    continue
                }
                slices[thread, default: []].append(Slice(start: ts, end: ts + duration, order: index))
            case "B":
                beginEndStacks[thread, default: []].append(ts)
            case "E":
                guard let begin = beginEndStacks[thread]?.popLast() else {
                    problems.append("\(where_) (E): no open B on \(thread)")
                    continue
                }
                if ts < begin { problems.append("\(where_) (E): ends before its B") }
            case "b", "e":
                guard let id else {
                    problems.append("\(where_) (\(phase)): async events need an id")
                    continue
                }
                let key = "\(category)/\(id)/\(name)"
                if phase == "b" {
                    if openAsync[key] != nil { problems.append("\(where_) (b): \(key) is already open") }
                    openAsync[key] = ts
                } else if let begin = openAsync.removeValue(forKey: key) {
                    if ts < begin { problems.append("\(where_) (e): \(key) ends before it begins") }
                } else {
                    problems.append("\(where_) (e): no b for \(key)")
                }
            case "s", "f":
                guard let id else {
                    problems.append("\(where_) (\(phase)): flow events need an id")
                    continue
                }
                let key = "\(category)/\(id)"
                if phase == "s" {
                    if flowStarts[key] != nil { problems.append("\(where_) (s): a second s for flow \(key)") }
                    flowStarts[key] = (ts, thread)
                } else {
                    if flowEnds[key] != nil { problems.append("\(where_) (f): a second f for flow \(key)") }
                    if let binding = event["bp"], binding as? String != "e" {
                        problems.append("\(where_) (f): bp must be \"e\" when given")
                    }
                    flowEnds[key] = (ts, thread)
                }
            case "C":
                guard let args = event["args"] as? [String: Any], !args.isEmpty,
                    args.values.allSatisfy({ $0 is NSNumber })
                else {
                    problems.append("\(where_) (C): args must be an object of numbers")
                    continue
                }
            case "M":
                guard name == "process_name" || name == "thread_name" || name.hasSuffix("_sort_index") else {
                    problems.append("\(where_) (M): unknown metadata \(name)")
                    continue
                }
                if name.hasSuffix("_name"), !((event["args"] as? [String: Any])?["name"] is String) {
                    problems.append("\(where_) (M): args.name must be a string")
                }
            default:
                break
            }
        }
        for (thread, stack) in beginEndStacks where !stack.isEmpty {
            problems.append("\(stack.count) B left open on \(thread)")
        }
        for key in openAsync.keys.sorted() { problems.append("async slice \(key) has no e") }

        // X slices nest per thread: sorted by start (longest first on a tie, then file order),
        // each lies inside the innermost open slice or starts after it ends.
        for (thread, threadSlices) in slices {
            var stack: [Slice] = []
            for slice in threadSlices.sorted(by: { ($0.start, -$0.end, $0.order) < ($1.start, -$1.end, $1.order) }) {
                while let top = stack.last, slice.start >= top.end, !(slice.start == top.start) {
                    stack.removeLast()
                }
                if let top = stack.last, slice.end > top.end {
                    problems.append("on \(thread), the slice at \(slice.start) overlaps the one at \(top.start) without nesting")
                }
                stack.append(slice)
            }
        }
        func isInsideASlice(_ point: (ts: Double, thread: String)) -> Bool {
            slices[point.thread]?.contains { $0.start <= point.ts && point.ts <= $0.end } ?? false
        }
        for (key, start) in flowStarts {
            guard let end = flowEnds[key] else {
                problems.append("flow \(key) has no f")
                continue
            }
            if end.ts < start.ts { problems.append("flow \(key) ends before it starts") }
            if !isInsideASlice(start) { problems.append("flow \(key): s binds to no slice") }
            if !isInsideASlice(end) { problems.append("flow \(key): f binds to no slice") }
        }
        for key in flowEnds.keys where flowStarts[key] == nil { problems.append("flow \(key) has an f but no s") }
        return problems
    }
}
