@testable import RxTrace
import XCTest

/// Reading a row's columns in place (`Statement.advance()` and its column readers) gives what a
/// `Row` of the same statement gives, class by class.
final class StatementColumnsTests: XCTestCase {
    private func statement() throws -> (Database, Statement) {
        let database = try Database(path: ":memory:", mode: .readWriteCreate)
        try database.execute("CREATE TABLE t (i INTEGER, s TEXT)")
        try database.execute("INSERT INTO t VALUES (7, 'seven'), (NULL, NULL), ('eight', 8), (9, ''), (1.5, x'41')")
        return (database, try database.prepare("SELECT i, s FROM t ORDER BY rowid"))
    }

    func testColumnsReadInPlace_matchTheRowsOfTheSameStatement() throws {
        let (database, statement) = try statement()
        let rows = try database.rows("SELECT i, s FROM t ORDER BY rowid")
        var index = 0
        while try statement.advance() {
            let row = rows[index]
            XCTAssertEqual(statement.integer(at: 0), row.integer(at: 0), "row \(index)")
            XCTAssertEqual(statement.text(at: 0), row.text(at: 0), "row \(index)")
            XCTAssertEqual(statement.integer(at: 1), row.integer(at: 1), "row \(index)")
            XCTAssertEqual(statement.text(at: 1), row.text(at: 1), "row \(index)")
            let bytes = statement.withText(at: 1) { $0.map { String(decoding: $0, as: UTF8.self) } }
            XCTAssertEqual(bytes, row.text(at: 1), "row \(index)")
            index += 1
        }
        XCTAssertEqual(index, rows.count)
    }

    func testAnIntegerAndATextColumn_readAsTheirClassesOnly() throws {
        let (_, statement) = try statement()
        XCTAssertTrue(try statement.advance())
        XCTAssertEqual(statement.integer(at: 0), 7)
        XCTAssertEqual(statement.text(at: 1), "seven")
        XCTAssertNil(statement.text(at: 0), "an integer is not text")
        XCTAssertNil(statement.integer(at: 1), "text is not an integer")
        XCTAssertTrue(try statement.advance())
        XCTAssertNil(statement.integer(at: 0), "NULL")
        XCTAssertNil(statement.withText(at: 1) { $0 }, "NULL has no bytes")
    }
}
