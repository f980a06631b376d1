/// What the leak finder reads of every object alive at the end: its id, its type, the call
/// that created it and its scope. An ``ObjectRecord`` also carries its times and where user
/// code built it, which cost a lookup of its latest assembly (and, for an object RxCore built,
/// a walk up its creator's calls) per object; a trace with a million live objects reads these
/// instead, and the records of only the few objects whose build site a finding names.
struct LiveObjectRow: Equatable, Sendable {
    /// The object's serial id.
    var id: Int64
    /// Its dynamic type: `AnonymousObserver<Int>`.
    var typeName: String
    /// The call that created it; `nil` at top level.
    var callID: Int64?
    /// The scope (test) it was created in; `nil` outside any scope.
    var scopeID: Int64?
}
