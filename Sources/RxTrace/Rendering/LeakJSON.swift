/// The leak report's findings as JSON, each exactly as ``JSONText/encoder()`` writes it, written
/// by hand (``PrettyJSONWriter``): `report --leaks --format json` writes one open subscription
/// per subscription that never ended, and through the encoder that was half of its time.
///
/// Each type's members are written in the encoder's order (sorted snake_case keys), its
/// optionals left out when `nil`, as the synthesized `Codable` conformances encode them; a
/// test compares both on every committed trace and on hard strings.
enum LeakJSON {
    /// `open` as the encoder writes it, its lines after the first starting with `indent`.
    static func text(of open: OpenSubscription, indent: String) -> String {
        var writer = PrettyJSONWriter(indent: indent)
        write(open, to: &writer)
        return writer.text
    }

    /// `group` as the encoder writes it, its lines after the first starting with `indent`.
    static func text(of group: LiveObjectGroup, indent: String) -> String {
        var writer = PrettyJSONWriter(indent: indent)
        write(group, to: &writer)
        return writer.text
    }

    private static func write(_ open: OpenSubscription, to json: inout PrettyJSONWriter) {
        json.openObject()
        json.member("alive")
        json.strings(open.alive)
        if let bag = open.bag {
            json.member("bag")
            write(bag, to: &json)
        }
        if let builtAt = open.builtAt {
            json.member("built_at")
            write(builtAt, to: &json)
        }
        json.member("chain")
        json.strings(open.chain)
        if let innerChains = open.innerChains {
            json.member("inner_chains")
            json.openArray()
            for inner in innerChains {
                json.element()
                json.openObject()
                json.member("elements")
                json.strings(inner.elements)
                json.member("operator_index")
                json.integer(inner.operatorIndex)
                json.close("}")
            }
            json.close("]")
        }
        if let work = open.pendingWork {
            json.member("pending_work")
            write(work, to: &json)
        }
        if let scopeName = open.scopeName {
            json.member("scope_name")
            json.string(scopeName)
        }
        json.member("subscription")
        write(open.subscription, to: &json)
        if let tags = open.tags {
            json.member("tags")
            json.strings(tags)
        }
        json.member("verdict")
        json.string(open.verdict.rawValue)
        json.close("}")
    }

    private static func write(_ subscription: SubscriptionRecord, to json: inout PrettyJSONWriter) {
        json.openObject()
        func optional(_ key: StaticString, _ value: Int64?) {
            guard let value else { return }
            json.member(key)
            json.integer(value)
        }
        optional("call_id", subscription.callID)
        optional("disposable_object_id", subscription.disposableObjectID)
        optional("end_call_id", subscription.endCallID)
        if let endKind = subscription.endKind {
            json.member("end_kind")
            json.string(endKind.rawValue)
        }
        optional("end_nanoseconds", subscription.endNanoseconds)
        json.member("file")
        json.string(subscription.file)
        json.member("id")
        json.integer(subscription.id)
        json.member("line")
        json.integer(subscription.line)
        optional("observable_object_id", subscription.observableObjectID)
        if let typeName = subscription.observableTypeName {
            json.member("observable_type_name")
            json.string(typeName)
        }
        optional("observer_object_id", subscription.observerObjectID)
        optional("scope_id", subscription.scopeID)
        json.member("start_nanoseconds")
        json.integer(subscription.startNanoseconds)
        json.member("thread_name")
        json.string(subscription.threadName)
        optional("virtual_time", subscription.virtualTime)
        json.close("}")
    }

    private static func write(_ assembly: Assembly, to json: inout PrettyJSONWriter) {
        json.openObject()
        json.member("file")
        json.string(assembly.file)
        json.member("line")
        json.integer(assembly.line)
        json.member("name")
        json.string(assembly.name)
        json.close("}")
    }

    private static func write(_ bag: BagHold, to json: inout PrettyJSONWriter) {
        json.openObject()
        json.member("bag")
        json.string(bag.bag)
        json.member("is_alive_at_end")
        json.bool(bag.isAliveAtEnd)
        if let madeAt = bag.madeAt {
            json.member("made_at")
            write(madeAt, to: &json)
        }
        if let madeIn = bag.madeIn {
            json.member("made_in")
            json.string(madeIn)
        }
        json.close("}")
    }

    private static func write(_ work: PendingWork, to json: inout PrettyJSONWriter) {
        json.openObject()
        if let isPeriodic = work.isPeriodic {
            json.member("is_periodic")
            json.bool(isPeriodic)
        }
        json.member("scheduled_by")
        json.string(work.scheduledBy)
        json.member("scheduler")
        json.string(work.scheduler)
        json.close("}")
    }

    private static func write(_ group: LiveObjectGroup, to json: inout PrettyJSONWriter) {
        json.openObject()
        json.member("created_in")
        json.strings(group.createdIn)
        if let holder = group.holder {
            json.member("holder")
            json.openObject()
            if let madeIn = holder.madeIn {
                json.member("made_in")
                json.string(madeIn)
            }
            if let work = holder.pendingWork {
                json.member("pending_work")
                write(work, to: &json)
            }
            if let ids = holder.subscriptionIDs {
                json.member("subscription_ids")
                json.integers(ids)
            }
            json.close("}")
        }
        json.member("object_ids")
        json.integers(group.objectIDs)
        json.member("type_name")
        json.string(group.typeName)
        json.member("verdict")
        json.string(group.verdict.rawValue)
        json.close("}")
    }
}
