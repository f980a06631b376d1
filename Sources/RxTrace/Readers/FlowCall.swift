/// A call as ``FlowBuilder`` lays it out in a flow: what a ``FlowStep`` shows of it (its label
/// and location, made once), and what places it in its tree.
///
/// A flow's calls are read by the hundred thousand; a ``CallRecord`` carries five texts, each
/// retained and released whenever the record is copied, and its label was made again for each
/// use. The window of a report (``FlowWindow``) reads its calls straight into these
/// (``TraceReader/flowCallTrees(under:limit:names:)``), with the names of steps and types read
/// once; a tree read one at a time makes them from its ``CallRecord``s
/// (``init(_:)``), and a test holds both ways equal.
struct FlowCall: Equatable {
    /// The call's serial id.
    var id: Int64
    /// The enclosing call; `nil` for a top-level call.
    var parentID: Int64?
    /// The object the step ran on.
    var objectID: Int64?
    /// When it was entered, in ns since the run started.
    var startNanoseconds: Int64
    /// ``CallRecord/label``.
    var label: String
    /// ``CallRecord/location``.
    var location: String

    /// The call `record` stands for.
    init(_ record: CallRecord) {
        self.init(
            id: record.id, parentID: record.parentID, objectID: record.objectID,
            startNanoseconds: record.startNanoseconds, label: record.label, location: record.location
        )
    }

    /// A call of these fields.
    init(id: Int64, parentID: Int64?, objectID: Int64?, startNanoseconds: Int64, label: String, location: String) {
        self.id = id
        self.parentID = parentID
        self.objectID = objectID
        self.startNanoseconds = startNanoseconds
        self.label = label
        self.location = location
    }
}
