/// Builds a page's ``HTMLReport/Walkthrough``: the run's moments in recorded order, each placed
/// on the flow row that shows it, with the objects, events, subscriptions and bag entries the
/// alive-objects panel derives its state from.
struct WalkthroughBuilder {
    let reader: TraceReader
    /// The most moments the page holds.
    let limit: Int

    /// The walkthrough over `flows` (the page's), with the events already read for the marbles;
    /// when those are not all of the run's, the events the moments name are read again.
    func build(flows: [Flow], events: [HTMLReportBuilder.EventRow], eventsAreComplete: Bool) throws
        -> HTMLReport.Walkthrough
    {
        var rowOfCall: [Int64: (flow: Int, row: Int)] = [:]
        var rowOfInit: [Int64: (flow: Int, row: Int)] = [:]
        for flow in flows {
            for (row, step) in flow.steps.enumerated() {
                if let call = step.callID {
                    rowOfCall[call] = (flow.number, row)
                } else if step.kind == .`init`, let object = step.objectID {
                    rowOfInit[object] = (flow.number, row)
                }
            }
        }

        let moments = try reader.moments(limit: limit)
        var flat: [Int64] = []
        flat.reserveCapacity(moments.count * 4)
        var initMoment: [Int64: Int] = [:]
        var deinitMoment: [Int64: Int] = [:]
        var endMoment: [Int64: Int] = [:]
        var callMoment: [Int64: Int] = [:]
        var eventIDs = Set<Int64>()
        for (index, moment) in moments.enumerated() {
            var place: (flow: Int, row: Int)?
            switch moment.kind {
            case .call, .event, .end:
                place = moment.callID.flatMap { rowOfCall[$0] }
            case .`init`:
                place = rowOfInit[moment.id] ?? moment.callID.flatMap { rowOfCall[$0] }
                initMoment[moment.id] = index
            case .`deinit`:
                deinitMoment[moment.id] = index
            }
            if moment.kind == .end { endMoment[moment.id] = index }
            if moment.kind == .call { callMoment[moment.id] = index }
            if moment.kind == .event { eventIDs.insert(moment.id) }
            flat += [
                Int64(moment.kind.rawValue), Int64(place?.flow ?? 0), Int64(place?.row ?? -1), moment.id,
            ]
        }

        var objects: [Int64] = []
        var types: [String] = []
        var typeIndex: [String: Int64] = [:]
        // Objects are numbered from 1 in order of creation: the moments' inits are among the
        // first ones, up to the highest id they name.
        for object in try reader.objects(limit: Int(initMoment.keys.max() ?? 0)) {
            guard let start = initMoment[object.id] else { continue }
            let type = TypeNames.short(object.typeName)
            let index = typeIndex[type] ?? Int64(types.count)
            if index == types.count {
                typeIndex[type] = index
                types.append(type)
            }
            objects += [object.id, index, Int64(start), Int64(deinitMoment[object.id] ?? -1)]
        }

        var eventNumbers: [Int64] = []
        func add(id: Int64, kind: String, source: Int64?, observer: Int64?) {
            guard eventIDs.contains(id) else { return }
            let code: Int64 = kind == "next" ? 0 : kind == "error" ? 1 : 2
            eventNumbers += [id, code, source ?? 0, observer ?? 0]
        }
        if eventsAreComplete {
            for event in events { add(id: event.id, kind: event.kind, source: event.source, observer: event.observer) }
        } else if let low = eventIDs.min(), let high = eventIDs.max() {
            // Events are numbered in order of delivery, so the moments' events are one range.
            try reader.forEachTimedEvent(ids: low, through: high) { timed in
                let event = timed.event
                add(
                    id: event.id, kind: event.kind?.rawValue ?? "next", source: event.sourceObjectID,
                    observer: event.observerObjectID)
            }
        }

        // A subscription starts at its subscribe call, or (with no calls recorded) at the first
        // moment at or after its time.
        let times = moments.map(\.time)
        var subscriptionNumbers: [Int64] = []
        for subscription in try reader.subscriptions(limit: limit) {
            let start =
                subscription.callID.flatMap { callMoment[$0] }
                ?? firstIndex(in: times, atOrAfter: subscription.startNanoseconds)
            guard let start else { continue }
            subscriptionNumbers += [
                subscription.id, subscription.observableObjectID ?? 0, subscription.observerObjectID ?? 0,
                subscription.disposableObjectID ?? 0, Int64(start), Int64(endMoment[subscription.id] ?? -1),
            ]
        }

        let bagEntries = try reader.bagEntries(limit: limit).flatMap { [$0.bag, $0.disposable] }
        var walkthrough = HTMLReport.Walkthrough(
            moments: flat, total: try reader.momentCount(), objects: objects, types: types, events: eventNumbers,
            subscriptions: subscriptionNumbers, bagEntries: bagEntries
        )
        (walkthrough.states, walkthrough.stateTexts) = try states(atMoments: callMoment)
        return walkthrough
    }

    /// The objects' state changes whose calls are among the page's moments (`callMoment`), as
    /// ``HTMLReport/Walkthrough/states`` and ``HTMLReport/Walkthrough/stateTexts`` hold them.
    private func states(atMoments callMoment: [Int64: Int]) throws -> (states: [Int64], texts: [String]) {
        var numbers: [Int64] = []
        var texts = NumberedTexts()
        // The page's calls are the run's first ones: no later call changes a state it shows,
        // so the steps after its last call are not read.
        guard let lastCall = callMoment.keys.max() else { return ([], []) }
        for change in try reader.objectStateChanges(limit: limit, throughCall: lastCall) {
            guard let moment = callMoment[change.callID] else { continue }
            let index = texts.number(of: change.state.lines.joined(separator: "\n"))
            numbers += [Int64(moment), change.objectID, Int64(index)]
        }
        return (numbers, texts.texts)
    }

    /// The first index of `times` (sorted) whose time is at or after `time`; `nil` past the end.
    private func firstIndex(in times: [Int64], atOrAfter time: Int64) -> Int? {
        var low = 0
        var high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low < times.count ? low : nil
    }
}
