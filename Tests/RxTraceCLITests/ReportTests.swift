import RxTrace
import XCTest

final class ReportTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = try CommandRunner.temporaryDirectory(for: self)
        let result = try CommandRunner.rxtrace(
            ["run", "empty", "just-map", "subject-never-completes", "--out", "."], in: directory
        )
        XCTAssertEqual(result.status, 0, result.standardError)
    }

    func testReport_Flows_ShowsEmptysPathWithAFileAndLinePerStep() throws {
        let result = try CommandRunner.rxtrace(["report", "empty.sqlite", "--flows"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        try assertSnapshot(result.standardOutput, named: "report-empty-flows")
    }

    func testReport_Flows_ReadEmptyThenSubscribeThenTheSeedsSteps() throws {
        let output = try CommandRunner.rxtrace(["report", "empty.sqlite", "--flows"], in: directory).standardOutput

        let steps = ["empty", "subscribe", "init AnonymousObserver", "subscribeSafe", "Empty.subscribe", "on(.completed)"]
        var searchStart = output.startIndex
        for step in steps {
            let found = output.range(of: step, range: searchStart..<output.endIndex)
            XCTAssertNotNil(found, "'\(step)' does not follow the previous step in:\n\(output)")
            searchStart = found?.upperBound ?? searchStart
        }
    }

    func testReport_Standard_ShowsSummaryFlowsAndLeaks() throws {
        let result = try CommandRunner.rxtrace(["report", "just-map.sqlite"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        try assertSnapshot(result.standardOutput, named: "report-just-map")
    }

    func testReport_Leaks_NamesTheLineThatSubscribed() throws {
        let result = try CommandRunner.rxtrace(["report", "subject-never-completes.sqlite", "--leaks"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(
            result.standardOutput.contains("subscribed at  RxExamples/SubjectNeverCompletesExample.swift:"),
            result.standardOutput
        )
        try assertSnapshot(result.standardOutput, named: "report-subject-never-completes-leaks")
    }

    func testReport_FailOnLeaks_ExitsOneWhenALeakIsFound() throws {
        let leaking = try CommandRunner.rxtrace(
            ["report", "subject-never-completes.sqlite", "--leaks", "--fail-on-leaks"], in: directory
        )
        let clean = try CommandRunner.rxtrace(["report", "just-map.sqlite", "--summary", "--fail-on-leaks"], in: directory)

        XCTAssertEqual(leaking.status, 1)
        XCTAssertEqual(clean.status, 0, clean.standardError)
    }

    func testReport_JSON_HoldsTheSameSections() throws {
        let result = try CommandRunner.rxtrace(["report", "empty.sqlite", "--format", "json"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        XCTAssertNotNil(object?["summary"])
        XCTAssertNotNil(object?["flows"])
        XCTAssertNotNil(object?["leaks"])
        XCTAssertNil(object?["lifetimes"])
    }

    func testReport_Subscription_ShowsTheFlowsThatBuiltAndStartedIt() throws {
        let result = try CommandRunner.rxtrace(["report", "just-map.sqlite", "--subscription", "1"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("· just at RxExamples/JustMapExample.swift:12 · thread main"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("· map at RxExamples/JustMapExample.swift:13 · thread main"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("subscription #1"), result.standardOutput)
    }

    func testReport_HTML_WritesOnePageWithTheLeakAndTheSourcesItTouches() throws {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let result = try CommandRunner.rxtrace(
            ["report", "subject-never-completes.sqlite", "--format", "html", "-o", "page.html", "--source-root", packageRoot.path],
            in: directory
        )

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardOutput, "")
        let page = try String(contentsOf: directory.appendingPathComponent("page.html"), encoding: .utf8)
        XCTAssertTrue(page.hasPrefix("<!DOCTYPE html>"))
        XCTAssertTrue(page.contains("id=\"leak-1-site\" href=\"#src=RxExamples/SubjectNeverCompletesExample.swift:"), page)
        XCTAssertTrue(page.contains("{\"fileID\":\"RxExamples/SubjectNeverCompletesExample.swift\",\"lines\":["))
        XCTAssertTrue(page.contains("\"mirror\":\"https://github.com/ReactiveX/RxSwift/blob/6.10.2/RxSwift/Observables/Map.swift\""))
        XCTAssertFalse(page.contains("RxCore/Zip.swift"), "only the files the flows touch are embedded")

        // Without -o the page goes to standard output; --fail-on-leaks works as for text.
        let printed = try CommandRunner.rxtrace(
            ["report", "subject-never-completes.sqlite", "--format", "html", "--source-root", packageRoot.path, "--fail-on-leaks"],
            in: directory
        )
        XCTAssertEqual(printed.status, 1)
        XCTAssertEqual(printed.standardOutput, page)
    }

    func testReport_HTML_RefusesSectionFlags() throws {
        let result = try CommandRunner.rxtrace(["report", "empty.sqlite", "--format", "html", "--flows"], in: directory)

        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("--format html writes the whole page"), result.standardError)
    }

    func testReport_Lifetimes_ListsEveryObject() throws {
        let result = try CommandRunner.rxtrace(["report", "just-map.sqlite", "--lifetimes"], in: directory)

        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.hasPrefix("Lifetimes"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("MapSink<"), result.standardOutput)
        XCTAssertFalse(result.standardOutput.contains("alive at the end"), result.standardOutput)
    }

    func testReport_Limit_showsTheFirstFlowsAndSaysHowToSeeTheRest() throws {
        let limited = try CommandRunner.rxtrace(["report", "just-map.sqlite", "--flows", "--limit", "2"], in: directory)
        let all = try CommandRunner.rxtrace(["report", "just-map.sqlite", "--flows", "--all"], in: directory)

        XCTAssertEqual(limited.status, 0, limited.standardError)
        XCTAssertTrue(limited.standardOutput.contains("Flow 2 "), limited.standardOutput)
        XCTAssertFalse(limited.standardOutput.contains("Flow 3 "), limited.standardOutput)
        XCTAssertTrue(
            limited.standardOutput.hasSuffix(
                "… 1 more flow not shown: `rxtrace report --all` shows every flow, `--limit N` the first N.\n"
            ),
            limited.standardOutput
        )
        XCTAssertEqual(all.status, 0, all.standardError)
        XCTAssertTrue(all.standardOutput.contains("Flow 3 "), all.standardOutput)
        XCTAssertFalse(all.standardOutput.contains("not shown"), all.standardOutput)
    }

    func testReport_aLoopOfParentsInADamagedTrace_isOneErrorLine_inEveryForm() throws {
        let trace = directory.appendingPathComponent("subject-never-completes.sqlite").path
        do {
            // The open subscription's subscribe call gets its own child as its parent.
            let database = try Database(path: trace, mode: .readWriteCreate)
            let subscribeCall = try XCTUnwrap(
                try database.scalar("SELECT call_id FROM subscription WHERE end_kind IS NULL")?.integer
            )
            let child = try XCTUnwrap(
                try database.scalar("SELECT min(id) FROM call WHERE parent_id = ?", [.integer(subscribeCall)])?.integer
            )
            try database.execute("UPDATE call SET parent_id = \(child) WHERE id = \(subscribeCall)")
        }
        let forms = [[], ["--leaks"], ["--format", "json"], ["--subscription", "1"]]

        for form in forms {
            let result = try CommandRunner.rxtrace(
                ["report", "subject-never-completes.sqlite"] + form, in: directory, timeout: 30
            )

            XCTAssertEqual(result.status, 2, "\(form): \(result.standardError)")
            XCTAssertEqual(result.errorLines.count, 1, "\(form): \(result.standardError)")
            XCTAssertTrue(
                result.standardError.hasPrefix("rxtrace: error: subject-never-completes.sqlite: damaged trace: "),
                "\(form): \(result.standardError)"
            )
        }
    }
}
