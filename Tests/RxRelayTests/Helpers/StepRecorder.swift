import RxCore
import Synchronization

/// A recorder that keeps the steps, assembly sites and subscription sites it is told, under
/// one mutex; for tests that check what relays and `bind` record.
final class StepRecorder: TraceRecorder {
    struct Step: Equatable {
        var name: String
        var object: ObjectID
    }

    struct Assembly {
        var name: String
        var object: ObjectID
        var site: CallSite
    }

    struct State {
        var lastID: Int64 = 0
        var objects: [(id: ObjectID, typeName: String)] = []
        var steps: [Step] = []
        var assemblies: [Assembly] = []
        var subscriptionSites: [CallSite] = []
    }

    let state = LockedState(State())

    var isRecordingValues: Bool { true }

    var stepNames: [String] { state.withLock { $0.steps.map(\.name) } }
    var assemblies: [Assembly] { state.withLock { $0.assemblies } }
    var subscriptionSites: [CallSite] { state.withLock { $0.subscriptionSites } }

    /// The id of the first recorded object whose type name starts with `prefix`.
    func objectID(ofTypeStartingWith prefix: String) -> ObjectID? {
        state.withLock { $0.objects.first { $0.typeName.hasPrefix(prefix) }?.id }
    }

    private func nextID(_ state: inout State) -> Int64 {
        state.lastID += 1
        return state.lastID
    }

    func objectInitialized(_ type: Any.Type) -> ObjectID {
        state.withLock { state in
            let id = ObjectID(rawValue: nextID(&state))
            state.objects.append((id, String(describing: type)))
            return id
        }
    }

    func objectDeinitialized(_ object: ObjectID) {}

    func callEntered(
        _ name: StaticString, object: ObjectID, detail: TraceDetail?, file: StaticString, line: UInt
    ) -> CallID {
        state.withLock { state in
            state.steps.append(Step(name: "\(name)", object: object))
            return CallID(rawValue: nextID(&state))
        }
    }

    func callExited(_ call: CallID) {}

    func eventDelivered(_ kind: EventKind, value: TraceValue?, from source: ObjectID, to observer: ObjectID) {}

    func subscriptionStarted(observable: ObjectID, observer: ObjectID, at site: CallSite) -> SubscriptionID {
        state.withLock { state in
            state.subscriptionSites.append(site)
            return SubscriptionID(rawValue: nextID(&state))
        }
    }

    func subscriptionReturned(_ subscription: SubscriptionID, disposable: ObjectID) {}

    func subscriptionTerminated(_ subscription: SubscriptionID, by end: SubscriptionEnd) {}

    func objectDisposed(_ object: ObjectID) {}

    func observableAssembled(_ observable: ObjectID, by name: StaticString, at site: CallSite) {
        state.withLock { $0.assemblies.append(Assembly(name: "\(name)", object: observable, site: site)) }
    }
}
