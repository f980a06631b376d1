import Foundation
import RxTrace

/// One way of damaging a trace file: SQL run on it, or bytes changed under SQLite's feet.
///
/// A damaged trace is written down as a regression file (see ``FuzzCase``): SQL as it is, the
/// byte changes as `-- truncate:`, `-- write:` and `-- replace:` lines.
enum TraceDamage: Equatable {
    /// Statements run on the trace, opened read-write; a statement that fails ends the damage
    /// (what ran before it stays).
    case sql(String)
    /// The file cut to its first `bytes` bytes.
    case truncate(bytes: Int)
    /// `bytes` written over the file from `offset` on (past the end, the file grows).
    case write(offset: Int, bytes: [UInt8])
    /// The whole file replaced by `bytes`.
    case replace(bytes: [UInt8])

    /// Applies the damage to the trace at `path`; returns whether all of it applied.
    @discardableResult
    func apply(to path: String) throws -> Bool {
        switch self {
        case .sql(let sql):
            // A trace an earlier damage left unreadable takes no more SQL.
            guard let database = try? Database(path: path, mode: .readWriteCreate) else { return false }
            do {
                try database.execute(sql)
                return true
            } catch {
                return false
            }
        case .truncate(let count):
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            try data.prefix(count).write(to: URL(fileURLWithPath: path))
        case .write(let offset, let bytes):
            var data = try Data(contentsOf: URL(fileURLWithPath: path))
            if data.count < offset + bytes.count {
                data.append(Data(count: offset + bytes.count - data.count))
            }
            data.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
            try data.write(to: URL(fileURLWithPath: path))
        case .replace(let bytes):
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
        return true
    }

    /// The damage as regression-file text: the SQL, or a directive line.
    var regressionText: String {
        switch self {
        case .sql(let sql): sql
        case .truncate(let count): "-- truncate: \(count)"
        case .write(let offset, let bytes): "-- write: \(offset) \(Self.hex(bytes))"
        case .replace(let bytes): "-- replace: \(Self.hex(bytes))"
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    static func bytes(hex: Substring) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let end = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            if let byte = UInt8(hex[index..<end], radix: 16) { bytes.append(byte) }
            index = end
        }
        return bytes
    }
}

/// Where a damage's choices come from: a ``SeededGenerator`` in the test suite, the fuzzer's
/// input bytes in a libFuzzer session (`scripts/fuzz.sh`).
protocol DamageChoices {
    /// The next 64 bits.
    mutating func next() -> UInt64
}

extension DamageChoices {
    /// A number in `0..<count`.
    mutating func below(_ count: Int) -> Int {
        Int(next() % UInt64(count))
    }

    /// A number in `range`.
    mutating func within(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// One of `choices`.
    mutating func pick<Element>(_ choices: [Element]) -> Element {
        choices[below(choices.count)]
    }

    /// True `percent` times in a hundred.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }
}

/// SplitMix64: a small generator whose numbers depend only on its seed, on every platform and
/// Swift version (the choices never go through the standard library's random APIs, whose
/// algorithms may change).
struct SeededGenerator: DamageChoices {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Choices read from bytes, two at a time (zeros once they run out), so that a fuzzer that
/// changes the bytes changes the choices.
struct ByteChoices: DamageChoices {
    private var bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<2 {
            value = value << 8 | UInt64(offset < bytes.count ? bytes[offset] : 0)
            offset += 1
        }
        return value
    }
}

/// Makes damages for the fuzz run: each kind the brief of issue 9 lists (cycles of
/// `call.parent_id`, deep and wide trees, huge rows, wrong types, NULLs, views replaced by
/// recursive or failing ones, tables replaced by views or dropped, dangling references, absurd
/// ids and timestamps, a missing or duplicated run row, other schema versions, bytes that are
/// not a database), chosen and sized by ``DamageChoices``.
enum TraceDamager {
    /// The tables of the schema and their columns.
    static let columns: [String: [String]] = [
        "run": [
            "id", "schema_version", "program", "start_time", "end_ts", "end_reason", "signal_name",
            "is_recording_values", "resources_total_start", "resources_total_end", "record_count", "failure",
        ],
        "thread": ["id", "tid", "name"],
        "type": ["id", "type_name"],
        "step": ["id", "name", "file", "line"],
        "scope": ["id", "name"],
        "object": ["id", "type_id", "start_ts", "end_ts", "thread_id", "call_id", "scope_id", "virtual_ts"],
        "call": ["id", "parent_id", "depth", "thread_id", "step_id", "object_id", "detail", "ts", "dur", "virtual_ts"],
        "event": [
            "id", "ts", "thread_id", "call_id", "kind", "value", "source_object_id", "observer_object_id", "virtual_ts",
        ],
        "subscription": [
            "id", "ts", "thread_id", "call_id", "observable_object_id", "observer_object_id", "disposable_object_id",
            "file", "line", "end_ts", "end_kind", "scope_id", "virtual_ts",
        ],
        "assembly": ["id", "object_id", "name", "file", "line"],
    ]
    static let tables = columns.keys.sorted()
    static let views = ["object_assembly", "live_object", "open_subscription", "leak", "call_flow"]

    /// Values of every storage class and of absurd sizes; all deterministic (no `random()`).
    static let values = [
        "NULL", "0", "1", "-1", "2", "9223372036854775807", "-9223372036854775808", "4611686018427387904",
        "1.5", "-1e308", "'9'", "'not a number'", "''", "x''", "x'00ff'", "zeroblob(1000)",
        "char(27) || '[31mred' || char(7)", "'two' || char(10) || 'lines'", "'é' || char(8238) || 'txt'",
        "printf('%.*c', 100000, 'x')", "(SELECT max(id) FROM call)", "(SELECT min(id) FROM call)",
        "id", "-id", "id + 1", "id - 1", "987654321", "'finished'", "'running'", "'signal'", "'failed'",
        "'next'", "'error'", "'disposed'", "'subscribeSafe'",
    ]

    /// Rows a damage applies to.
    static func rows(of table: String, _ random: inout some DamageChoices) -> String {
        random.pick([
            "1", "id = (SELECT min(id) FROM \(table))", "id = (SELECT max(id) FROM \(table))", "id % 3 = 0",
            "id = \(random.within(1...40))",
        ])
    }

    /// Rebuilt without its constraints (no primary key, NULLs and duplicates allowed), or with
    /// `extra` columns added; the views that read it are left as they are.
    static func loosened(_ table: String, extra: String = "") -> String {
        """
        PRAGMA legacy_alter_table = ON;
        CREATE TABLE loose_\(table) AS SELECT * FROM \(table);
        DROP TABLE \(table);
        ALTER TABLE loose_\(table) RENAME TO \(table);
        """
            + (extra.isEmpty ? "" : "\nALTER TABLE \(table) ADD COLUMN \(extra);")
    }

    /// A view body that never ends, one that fails when run, and others that cannot be what
    /// their readers expect.
    static func viewBody(_ random: inout some DamageChoices) -> String {
        random.chance(30)
            ? "WITH RECURSIVE r(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM r) SELECT id, id AS parent_id FROM r"
            : finiteViewBody(&random)
    }

    /// A view body that ends, for a view in a table's place: a later damage that reads the
    /// table must end too (the readers refuse such a trace whatever the view does;
    /// `Regressions/recursive-views.sql` has one that never ends).
    static func finiteViewBody(_ random: inout some DamageChoices) -> String {
        random.pick([
            "SELECT abs(-9223372036854775807 - 1) AS id",
            "SELECT json('not json') AS id",
            "SELECT 1 AS id WHERE 0",
            "SELECT * FROM sqlite_schema",
            "SELECT a.id FROM sqlite_schema a, sqlite_schema b",
            "SELECT printf('%.*c', 1000000, 'x') AS id",
        ])
    }

    /// `count` damages for one case.
    static func damages(count: Int, _ random: inout some DamageChoices) -> [TraceDamage] {
        (0..<count).map { _ in damage(&random) }
    }

    static func damage(_ random: inout some DamageChoices) -> TraceDamage {
        let table = random.pick(tables)
        let column = random.pick(columns[table]!)
        switch random.below(20) {
        case 0, 1:
            // A cycle of parent_ids: a call its own parent, two calls each other's, or many.
            return .sql(random.pick([
                "UPDATE call SET parent_id = id WHERE \(rows(of: "call", &random))",
                "UPDATE call SET parent_id = (SELECT max(id) FROM call) WHERE parent_id IS NULL",
                "UPDATE call SET parent_id = (id * 7919) % (SELECT max(id) FROM call) + 1",
                "UPDATE call SET parent_id = id + 1 WHERE id % 2 = 1; UPDATE call SET parent_id = id - 1 WHERE id % 2 = 0",
            ]))
        case 2:
            // A deep chain of calls under an existing call, with objects and an open
            // subscription in it.
            let depth = random.chance(10) ? random.within(5_000...12_000) : random.within(50...2_000)
            let parent = random.pick(["NULL", "(SELECT min(id) FROM call)", "(SELECT max(id) FROM call)"])
            return .sql(
                """
                CREATE TEMP TABLE base AS SELECT coalesce(max(id), 0) AS m FROM call;
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(depth))
                INSERT INTO call (id, parent_id, depth, thread_id, step_id, object_id, ts, dur)
                SELECT m + i, CASE WHEN i = 1 THEN \(parent) ELSE m + i - 1 END, i,
                    (SELECT min(id) FROM thread), (SELECT min(id) FROM step), (SELECT max(id) FROM object), i, 1
                FROM n, base;
                INSERT INTO object (type_id, start_ts, thread_id, call_id)
                SELECT (SELECT min(id) FROM type), 5, (SELECT min(id) FROM thread), m + \(depth) FROM base;
                INSERT INTO subscription (ts, thread_id, call_id, file, line)
                SELECT 1, (SELECT min(id) FROM thread), m + 1, 'Deep.swift', 1 FROM base;
                """
            )
        case 3:
            // Many top-level calls, or many open subscriptions on one call.
            let count = random.within(100...3_000)
            return .sql(random.pick([
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
                INSERT INTO call (id, parent_id, depth, thread_id, step_id, ts, dur)
                SELECT (SELECT coalesce(max(id), 0) FROM call) + i, NULL, 0, (SELECT min(id) FROM thread),
                    (SELECT min(id) FROM step), i, 1 FROM n
                """,
                """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count / 10))
                INSERT INTO subscription (ts, thread_id, call_id, observable_object_id, file, line)
                SELECT i, (SELECT min(id) FROM thread), (SELECT min(id) FROM call), (SELECT min(id) FROM object),
                    'Many.swift', i FROM n
                """,
            ]))
        case 4:
            // A huge value.
            let size = random.pick([10_000, 300_000, 2_000_000])
            return .sql("UPDATE \(table) SET \(column) = printf('%.*c', \(size), 'x') WHERE \(rows(of: table, &random))")
        case 5, 6, 7:
            // A value of the wrong type or size, breaking CHECKs where they would stop it.
            return .sql(
                "PRAGMA ignore_check_constraints = ON; UPDATE \(table) SET \(column) = \(random.pick(values)) "
                    + "WHERE \(rows(of: table, &random))"
            )
        case 8:
            // NULLs where NOT NULL held, or duplicated rows, in a table without constraints.
            let damage = random.pick([
                "UPDATE \(table) SET \(column) = NULL WHERE \(rows(of: table, &random))",
                "INSERT INTO \(table) SELECT * FROM \(table) WHERE \(rows(of: table, &random))",
                "UPDATE \(table) SET id = 1",
            ])
            return .sql(loosened(table) + "\n" + damage + ";")
        case 9:
            // A view replaced by one that loops, fails or returns the wrong thing.
            let view = random.pick(views)
            return .sql("DROP VIEW \(view); CREATE VIEW \(view) AS \(viewBody(&random));")
        case 10:
            // A table replaced by a view, or dropped, or one of its columns dropped.
            return .sql(random.pick([
                "DROP TABLE \(table); CREATE VIEW \(table) AS \(finiteViewBody(&random));",
                "DROP TABLE \(table);",
                "DROP VIEW \(random.pick(views));",
                "PRAGMA legacy_alter_table = ON; ALTER TABLE \(table) DROP COLUMN \(column);",
                "DROP INDEX IF EXISTS call_parent; DROP INDEX IF EXISTS object_call;",
            ]))
        case 11:
            // Views that read each other in a circle, planted past SQLite's own check.
            return .sql(
                """
                PRAGMA writable_schema = ON;
                UPDATE sqlite_schema SET sql = 'CREATE VIEW call_flow AS SELECT * FROM live_object'
                    WHERE name = 'call_flow';
                UPDATE sqlite_schema SET sql = 'CREATE VIEW live_object AS SELECT * FROM call_flow'
                    WHERE name = 'live_object';
                """
            )
        case 12:
            // Dangling references.
            let reference = random.pick([
                ("call", "parent_id"), ("call", "step_id"), ("call", "thread_id"), ("call", "object_id"),
                ("object", "type_id"), ("object", "call_id"), ("subscription", "call_id"),
                ("subscription", "observable_object_id"), ("subscription", "observer_object_id"),
                ("subscription", "thread_id"), ("event", "call_id"), ("assembly", "object_id"),
            ])
            return .sql(
                "UPDATE \(reference.0) SET \(reference.1) = \(random.pick(["987654321", "-5", "0", "id + 1000"])) "
                    + "WHERE \(rows(of: reference.0, &random))"
            )
        case 13:
            // Absurd ids and timestamps.
            let timeColumn = random.pick(["ts", "dur", "depth", "start_ts", "end_ts", "line", "virtual_ts"])
            let timeTable = random.pick(["call", "object", "subscription", "event", "step"])
            return .sql(random.pick([
                "UPDATE \(table) SET id = id + 9000000000000000000",
                "UPDATE \(table) SET id = -id",
                "UPDATE \(timeTable) SET \(timeColumn) = \(random.pick(["9223372036854775807", "-9223372036854775808", "-1", "1e300"]))",
                "UPDATE run SET resources_total_end = 9223372036854775807, resources_total_start = -2",
                "UPDATE run SET resources_total_start = 9223372036854775807, resources_total_end = -9223372036854775808",
                "UPDATE run SET record_count = -9223372036854775808, end_ts = -1",
            ]))
        case 14:
            // The run row missing, moved or duplicated.
            return .sql(random.pick([
                "DELETE FROM run",
                "UPDATE run SET id = 2",
                loosened("run") + "\nINSERT INTO run SELECT * FROM run;",
                loosened("run") + "\nINSERT INTO run SELECT * FROM run; UPDATE run SET program = 'second' WHERE rowid = 2;",
            ]))
        case 15:
            // Another schema version, or another application id.
            let version = random.pick([0, 1, 2, 3, 4, 99, -1, 2_147_483_647])
            return .sql(random.pick([
                "PRAGMA user_version = \(version)",
                "UPDATE run SET schema_version = \(version)",
                "PRAGMA user_version = \(version); UPDATE run SET schema_version = \(version)",
                "PRAGMA application_id = \(random.pick([0, 1, -1]))",
            ]))
        case 16:
            // The schema itself damaged: SQL that does not parse, a table on the wrong page.
            return .sql(random.pick([
                "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = 'CREATE TABLE \(table) (' WHERE name = '\(table)'",
                "PRAGMA writable_schema = ON; UPDATE sqlite_schema SET rootpage = \(random.within(1...30)) WHERE name = '\(table)'",
                "PRAGMA writable_schema = ON; DELETE FROM sqlite_schema WHERE name = '\(table)'",
            ]))
        case 17:
            // Generated columns: values made on every read, large or failing.
            return .sql(
                loosened(
                    table,
                    extra: random.pick([
                        "type_name TEXT AS (printf('%.*c', 1000000, 'x'))",
                        "name TEXT AS (printf('%.*c', 1000000, 'y'))",
                        "thread_name TEXT AS (abs(-9223372036854775807 - 1))",
                    ])
                )
            )
        case 18:
            // Bytes changed: the file cut short or overwritten in places.
            if random.chance(50) {
                return .truncate(bytes: random.pick([0, 1, 99, 100, 512, 4_096, 8_192, 20_000, 40_960, 81_919]))
            }
            let bytes = (0..<random.within(1...16)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return .write(offset: random.pick([0, 16, 18, 28, 52, 56, 60, 64, 100, 4_096, 4_100, random.within(0...81_920)]), bytes: bytes)
        default:
            // Bytes that are not a database, or only start like one.
            let noise = (0..<random.within(0...600)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return .replace(bytes: random.pick([
                noise,
                Array("SQLite format 3\0".utf8) + noise,
                Array(String(repeating: "not a database\n", count: random.within(1...300)).utf8),
            ]))
        }
    }
}
