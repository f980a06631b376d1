import Foundation

/// Writes an ``HTMLReport`` as one self-contained page: inline style and script, the report as
/// JSON in a non-executed `<script type="application/json">`, and a Content-Security-Policy
/// that forbids every request, so the page opened from disk loads nothing.
///
/// The summary and the leaks are written as HTML, readable with JavaScript off; the script
/// draws the rest (flows beside their source, marble diagrams, timelines). Everything taken
/// from the trace is escaped: as HTML text here, as JSON with `<`, `>` and `&` escaped in the
/// data, and as DOM text (never markup) by the script. The page holds no time of its own
/// making, so the same trace and sources give the same bytes.
public struct HTMLReportRenderer {
    /// The page's Content-Security-Policy: nothing may be fetched, posted or based elsewhere,
    /// and only the page's own style and script, allowed by their SHA-256, apply and run; so
    /// even text from a trace that got into the page as markup could run nothing.
    public static let contentSecurityPolicy =
        "default-src 'none'; script-src \(SHA256.contentSecurityPolicySource(of: scriptText)); "
        + "style-src \(SHA256.contentSecurityPolicySource(of: styleText)); base-uri 'none'; form-action 'none'"

    /// The text of the page's `<style>` element.
    static let styleText = "\n" + HTMLPageAssets.style + "\n"
    /// The text of the page's (executed) `<script>` element.
    static let scriptText = "\n" + HTMLPageAssets.script + "\n"

    /// A renderer.
    public init() {}

    /// The page of the trace at `path`, with sources from `sourceRoot` or, when it is `nil`,
    /// from the package ``SourceFiles/defaultRoot(tracePath:fileIDs:)`` finds.
    public static func page(ofTraceAt path: String, sourceRoot: String? = nil) throws -> String {
        let reader = try TraceReader(path: path)
        let root = try sourceRoot ?? SourceFiles.defaultRoot(tracePath: path, fileIDs: recordedFileIDs(reader))
        return try HTMLReportRenderer().render(HTMLReport(reader: reader, sources: SourceFiles(root: root)))
    }

    /// The `#fileID`s of the trace's steps and subscriptions, to find the package they come
    /// from: ``TraceReader/recordedFileIDs()``.
    public static func recordedFileIDs(_ reader: TraceReader) throws -> [String] {
        try reader.recordedFileIDs()
    }

    /// The page, ending with a newline.
    public func render(_ report: HTMLReport) throws -> String {
        var page = ""
        try write(report, liveObjects: HTMLLiveObjects(report.leaks.liveObjects)) { page += $0 }
        return page
    }

    /// Writes the page of `reader`'s trace, as ``render(_:)`` of its ``HTMLReport`` with these
    /// arguments would, a piece at a time: the objects alive at the end are read once, each
    /// group written to the leaks section's tables and the page's data as it is complete, and
    /// none held (``HTMLLiveObjects``). Returns the summary of every leak, which counts those
    /// objects (``LeakSummary/liveObjectTally``).
    public func write(
        reader: TraceReader, sources: SourceFiles, limits: HTMLReport.Limits = HTMLReport.Limits(),
        lesson: HTMLReport.Lesson? = nil, to output: (String) -> Void
    ) throws -> LeakSummary {
        let liveObjects = HTMLLiveObjects()
        var builder = HTMLReportBuilder(reader: reader, limits: limits)
        var report = try builder.build(sources: sources, liveObjects: liveObjects)
        report.lesson = lesson
        return try write(report, liveObjects: liveObjects, to: output)
    }

    /// Writes the page of `report`, whose objects alive at the end are those of `liveObjects`
    /// (``LeakReport/liveObjects`` are left out), a piece at a time. Returns the summary of
    /// every leak, counting those objects.
    @discardableResult
    private func write(
        _ report: HTMLReport, liveObjects: HTMLLiveObjects, to output: (String) -> Void
    ) throws -> LeakSummary {
        let title = escaped(report.program)
        var page = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="referrer" content="no-referrer">
            <title>\(title) · rxtrace</title>
            <style>\(Self.styleText)</style>
            </head>
            <body>
            <header>
            <h1>\(title)</h1>
            <p id="summary" class="mono">\(escaped(report.summaryLine))</p>

            """
        if let lesson = report.lesson { page += lessonSection(lesson) }
        for note in report.notes {
            page += "<p class=\"note\">\(escaped(note))</p>\n"
        }
        page += "</header>\n"
        // The leaks come after the explorer, one click away.
        var leaks = report.leakSummary
        leaks.liveObjects = []
        leaks.liveObjectTally = liveObjects.tally
        let leakCount = leaks.openSubscriptionCount
        let leaksButton =
            leakCount > 0
            ? "<button type=\"button\" id=\"leaks-button\" class=\"has-leaks\">⚠ \(counted(leakCount, "leak")) ↓</button>"
            : "<button type=\"button\" id=\"leaks-button\">Leaks ↓</button>"
        page += """
            <noscript><p class="note">The step controls, flows, source view, marble diagrams and timelines need JavaScript; the summary and leaks are complete without it.</p></noscript>
            <nav id="stepper" aria-label="Step through the run" hidden>
            <button type="button" id="step-first" title="First step (Home)">« First</button><button type="button" id="step-previous" title="Previous step (←)">‹ Back</button><button type="button" id="step-play" title="Play or pause (space)">▶ Play</button><button type="button" id="step-next" title="Next step (→)">Next ›</button><button type="button" id="step-last" title="Last step (End)">Last »</button>
            <span id="step-count" class="mono"></span><span id="step-what" class="mono"></span>
            \(leaksButton)
            </nav>
            <main id="app" hidden>
            <div id="explorer">
            <div class="panel" id="list-panel"><h2>Subscriptions</h2><input id="subscription-filter" type="search" placeholder="Filter" aria-label="Filter subscriptions"><div id="subscription-list" class="scroll"></div></div>
            <div class="panel" id="alive-panel"><h2>Alive at this step</h2><div id="alive" class="scroll mono"></div></div>
            <div class="panel" id="flow-panel"><h2>Call flow</h2><div id="flow-tabs"></div><div id="flow-tree" class="scroll mono" role="tree"></div></div>
            <div class="panel" id="source-panel"><h2>Source <label class="fold-toggle"><input type="checkbox" id="show-instrumentation"> show instrumentation</label></h2><div id="source-head"></div><div id="source-view" class="scroll"></div></div>
            <div class="panel" id="marble-panel"><h2>Marble diagram</h2><div id="marbles" class="scroll figure"></div></div>
            </div>
            <section><h2>Object lifetimes</h2><p class="muted">Each object from init to deinit, by type; red ones were alive at the end.</p><div id="lifetimes" class="figure"></div></section>
            <section><h2>Resources.total</h2><div id="resources" class="figure"></div></section>
            <section><h2>Threads</h2><p class="muted">Each thread's calls as nested bars over the run; hover for the step and its duration.</p><div id="threads" class="figure"></div></section>
            </main>

            """
        output(page)
        try writeLeaksSection(leaks, liveObjects: liveObjects, to: output)
        output("<script type=\"application/json\" id=\"trace-data\">")
        try Self.writeJSON(report, liveObjects: liveObjects, to: output)
        output("</script>\n<script>\(Self.scriptText)</script>\n</body>\n</html>\n")
        return leaks
    }

    /// What an example's page teaches: its article, what it demonstrates and what to notice.
    func lessonSection(_ lesson: HTMLReport.Lesson) -> String {
        "<section id=\"lesson\"><p><span class=\"muted\">From article</span> <strong id=\"lesson-article\">"
            + escaped(lesson.article) + "</strong>"
            + (lesson.isLeakExpected ? " <span class=\"leak-badge\">leaks on purpose</span>" : "")
            + "</p><p id=\"lesson-demonstrates\">" + escaped(lesson.demonstrates)
            + "</p><p id=\"lesson-notice\"><span class=\"muted\">Notice:</span> " + escaped(lesson.notice)
            + "</p></section>\n"
    }

    /// Writes the leaks as the text report gives them (each distinct leak once), as HTML, a
    /// piece at a time: the section of `report`, whose objects alive at the end are those of
    /// `liveObjects`.
    private func writeLeaksSection(
        _ report: LeakSummary, liveObjects: HTMLLiveObjects, to output: (String) -> Void
    ) throws {
        // The text report's rule (no trap on a damaged trace's extreme totals).
        let change = resourcesTotalDifference(from: report.resourcesTotalStart, to: report.resourcesTotalEnd)
        let totals =
            change.map { "Resources.total \($0 >= 0 ? "+" : "")\($0)" }
            ?? "Resources.total unknown: the run was cut short"
        guard !report.isEmpty else {
            if !liveObjects.isEmpty {
                output(
                    "<section id=\"leaks\"><h2>Leaks</h2><p>"
                        + escaped(
                            "No leaks: every subscription ended, and no object alive at the end is a leak, as its verdict says (\(totals))."
                        ) + "</p>\n")
                try liveObjects.writeSection(to: output)
                output(
                    aliveAtExitSection(report.aliveAtExit ?? []) + harnessSection(report.heldByTestHarness ?? [])
                        + "</section>\n")
                return
            }
            if let harness = report.heldByTestHarness {
                return output(
                    "<section id=\"leaks\"><h2>Leaks</h2><p>"
                        + escaped(
                            "No leaks: every subscription ended, and the objects alive at the end are held by design (\(totals))."
                        )
                        + "</p>\n" + aliveAtExitSection(report.aliveAtExit ?? []) + harnessSection(harness)
                        + "</section>\n")
            }
            guard let aliveAtExit = report.aliveAtExit else {
                return output(
                    """
                    <section id="leaks"><h2>Leaks</h2><p>No leaks: every subscription ended and no object outlived the run (\(escaped(totals))).</p></section>

                    """)
            }
            return output(
                "<section id=\"leaks\"><h2>Leaks</h2><p>"
                    + escaped(
                        "No leaks: every subscription ended or is held by a global's DisposeBag, and no other object outlived the run (\(totals))."
                    )
                    + "</p>\n" + aliveAtExitSection(aliveAtExit) + "</section>\n")
        }
        var html =
            "<section id=\"leaks\" class=\"has-leaks\"><h2>Leaks</h2>\n<p>"
            + escaped(
                "\(counted(report.openSubscriptionCount, "subscription")) never ended · "
                    + "\(counted(report.liveObjectCount, "object")) alive at the end (\(totals))"
            ) + "</p>\n"
        // The same leak found several times is shown once, with how often, as the text says.
        for group in report.identicalLeaks {
            let open = group.first
            let subscription = open.subscription
            let target =
                subscription.observableObjectID.map { id in
                    "\(TypeNames.short(subscription.observableTypeName ?? "object")) #\(id)"
                } ?? "an observable"
            html +=
                "<article class=\"leak\" id=\"leak-\(subscription.id)\"><h3>"
                + escaped("Subscription #\(subscription.id) to \(target): never disposed, and never terminated")
                + "</h3><dl>\n"
            html += "<dt>verdict</dt><dd>" + escaped(LeakWording.verdictText(open)) + "</dd>\n"
            if let found = LeakWording.foundText(group) {
                html += "<dt>found</dt><dd>" + escaped(found) + "</dd>\n"
            }
            html +=
                "<dt>subscribed at</dt><dd>" + sourceLink(subscription.site, id: "leak-\(subscription.id)-site")
                + " · thread " + escaped(subscription.threadName) + "</dd>\n"
            if let bag = open.bag {
                html += "<dt>in bag</dt><dd>" + escaped(LeakWording.bagText(bag)) + "</dd>\n"
            }
            if let builtAt = open.builtAt {
                html +=
                    "<dt>built at</dt><dd>" + sourceLink(builtAt.location) + " ("
                    + escaped(builtAt.name) + ")</dd>\n"
            }
            if !open.chain.isEmpty {
                // Each inner subscription in a list of its own, inside its operator's item.
                let inner = open.innerChains ?? []
                html +=
                    "<dt>chain</dt><dd><ol>"
                    + open.chain.enumerated().map { index, element in
                        "<li>\(escaped(element))"
                            + inner.filter { $0.operatorIndex == index }.map { chain in
                                "<ol class=\"inner\">"
                                    + chain.elements.enumerated().map { step, innerElement in
                                        "<li>" + escaped((step == 0 ? "inner: " : "") + innerElement) + "</li>"
                                    }.joined() + "</ol>"
                            }.joined() + "</li>"
                    }.joined() + "</ol></dd>\n"
            }
            let path = LeakWording.retentionPath(of: open)
            if !path.isEmpty {
                // Each node under the one before, as the text report's tree.
                html +=
                    "<dt>held by</dt><dd>" + path.map { "<ol><li>" + escaped($0.joined(separator: " ")) }.joined()
                    + String(repeating: "</li></ol>", count: path.count) + "</dd>\n"
            }
            if !open.alive.isEmpty {
                html += "<dt>keeps alive</dt><dd>" + escaped(LeakWording.groupedByType(open.alive)) + "</dd>\n"
            }
            let (why, fix) = LeakWording.explanation(of: open)
            if let why { html += "<dt>why</dt><dd>" + escaped(why) + "</dd>\n" }
            html += "<dt>fix</dt><dd>" + escaped(fix) + "</dd>\n</dl></article>\n"
        }
        output(html)
        try liveObjects.writeSection(to: output)
        output(
            aliveAtExitSection(report.aliveAtExit ?? []) + harnessSection(report.heldByTestHarness ?? [])
                + "</section>\n")
    }

    /// The objects XCTest's test cases hold, kept apart from the leaks, in the text report's words.
    private func harnessSection(_ groups: [LiveObjectGroup]) -> String {
        guard !groups.isEmpty else { return "" }
        return "<h3>Held by the test harness</h3>\n<p>"
            + escaped(
                "Not leaks: XCTest keeps each test case instance, and what its stored properties hold, until the process ends."
            ) + "</p>\n<ul>"
            + groups.map { group in
                "<li>"
                    + escaped(
                        "\(group.objectIDs.count) × \(group.typeName) " + LeakWording.idList(group.objectIDs))
                    + "</li>"
            }.joined() + "</ul>\n<dl><dt>verdict</dt><dd>" + escaped(LeakWording.verdictText(groups[0]))
            + "</dd></dl>\n"
    }

    /// The DisposeBags made in main.swift and what they held, kept apart from the leaks.
    private func aliveAtExitSection(_ bags: [BagAliveAtExit]) -> String {
        guard !bags.isEmpty else { return "" }
        var html =
            "<h3>Alive at exit by design</h3>\n<p>"
            + escaped(
                "Not leaks: a DisposeBag made in main.swift belongs to a global, which lives until the program exits.")
            + "</p>\n"
        for bag in bags {
            html +=
                "<article class=\"alive-at-exit\"><h4>" + escaped(bag.bag) + " made at "
                + sourceLink(bag.madeAt.location) + "</h4><dl>\n"
            for open in bag.subscriptions {
                html +=
                    "<dt>" + escaped("Subscription #\(open.subscription.id)") + "</dt><dd>"
                    + sourceLink(open.subscription.site) + ": " + escaped(open.chain.joined(separator: " → "))
                    + "</dd>\n"
            }
            html += "<dt>alive</dt><dd>" + escaped(bag.objects.joined(separator: ", ")) + "</dd>\n"
            html += "<dt>verdict</dt><dd>" + escaped(LeakWording.aliveAtExitVerdictText) + "</dd>\n</dl></article>\n"
        }
        return html
    }

    /// A link that shows `place` (`file:line`) in the page's source view.
    private func sourceLink(_ place: String, id: String? = nil) -> String {
        let target =
            place.addingPercentEncoding(
                withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "/._-:"))) ?? ""
        let idAttribute = id.map { " id=\"\($0)\"" } ?? ""
        return
            "<a class=\"source-link mono\"\(idAttribute) href=\"#src=\(escaped(target))&amp;show=explorer\">\(escaped(place))</a>"
    }

    /// `text` as HTML text or attribute value: `&`, `<`, `>`, `"` and `'` escaped, and control
    /// characters shown as ``TerminalText`` shows them.
    public func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in TerminalText.escaped(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// The report as JSON that can sit inside a `<script>` element: sorted keys, and `<`, `>`,
    /// `&`, U+2028 and U+2029 written as `\u` escapes, so no text from the trace can end the
    /// element or be read as markup.
    static func json(_ report: HTMLReport) throws -> String {
        scriptSafe(try jsonEncoder().encode(report))
    }

    /// The encoder of the page's data: compact, sorted keys, slashes as they are.
    static func jsonEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Writes ``json(_:)`` of `report` with `liveObjects`' groups as its
    /// ``LeakReport/liveObjects``, those groups a piece at a time: the rest of the report is
    /// encoded without them, and their JSON put between the brackets of its `"liveObjects":[]`,
    /// the only such member of the report's encoded ``HTMLReport/leaks`` (no other part of a
    /// leak report has that key, and no text in it can hold an unescaped quote).
    ///
    /// The flows and the walkthrough, the report's second and last members (its keys sorted),
    /// are written by hand (``PageFlowsJSON``, ``WalkthroughJSON``) in place of the empty ones
    /// the encoder writes.
    static func writeJSON(_ report: HTMLReport, liveObjects: HTMLLiveObjects, to output: (String) -> Void) throws {
        var report = report
        report.leaks.liveObjects = []
        let walkthrough = report.walkthrough
        report.walkthrough = HTMLReport.Walkthrough(
            moments: [], total: 0, objects: [], types: [], events: [], subscriptions: [], bagEntries: [])
        let flows = report.flows
        report.flows = []
        let encoder = jsonEncoder()
        let whole = [UInt8](try encoder.encode(report))
        // The flows, the report's second member after its end time (its keys sorted), written
        // by hand (PageFlowsJSON) between the brackets the encoder leaves empty.
        let withoutFlows = [UInt8]("{\"endTime\":\(report.endTime),\"flows\":[".utf8)
        guard whole.count > withoutFlows.count + 1, whole.starts(with: withoutFlows),
            whole[withoutFlows.count] == UInt8(ascii: "]")
        else {
            throw CocoaError(.coderInvalidValue)
        }
        let flowsStart = withoutFlows.count - 1
        let emptyWalkthrough =
            [UInt8]("\"walkthrough\":".utf8) + [UInt8](try encoder.encode(report.walkthrough)) + [UInt8(ascii: "}")]
        guard whole.count >= emptyWalkthrough.count,
            whole.suffix(emptyWalkthrough.count).elementsEqual(emptyWalkthrough)
        else {
            throw CocoaError(.coderInvalidValue)
        }
        let walkthroughStart = whole.count - emptyWalkthrough.count
        let leaks = [UInt8]("\"leaks\":".utf8) + [UInt8](try encoder.encode(report.leaks))
        let member = [UInt8]("\"liveObjects\":[".utf8)
        guard let leaksStart = firstRange(of: leaks, in: whole[..<walkthroughStart])?.lowerBound,
            let bracket = firstRange(of: member, in: whole[leaksStart..<(leaksStart + leaks.count)])?.upperBound
        else {
            throw CocoaError(.coderInvalidValue)
        }
        output(scriptSafe(whole[..<flowsStart]))
        output(scriptSafe(PageFlowsJSON.array(flows)))
        output(scriptSafe(whole[(flowsStart + 2)..<bracket]))
        try liveObjects.writeJSONElements(to: output)
        output(scriptSafe(whole[bracket..<walkthroughStart]))
        output(scriptSafe(WalkthroughJSON.member(walkthrough) + [UInt8(ascii: "}")]))
    }

    /// Where `pattern` first occurs in `bytes`, or `nil`.
    private static func firstRange(of pattern: [UInt8], in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard let first = pattern.first, pattern.count <= bytes.count else { return nil }
        var start = bytes.startIndex
        while let candidate = bytes[start...].firstIndex(of: first) {
            guard candidate + pattern.count <= bytes.endIndex else { return nil }
            if bytes[candidate..<(candidate + pattern.count)].elementsEqual(pattern) {
                return candidate..<(candidate + pattern.count)
            }
            start = candidate + 1
        }
        return nil
    }

    /// JSON `bytes` with `<`, `>`, `&`, U+2028 and U+2029 written as `\u` escapes: text that
    /// can sit inside a `<script>` element. Cut JSON between whole characters, each piece
    /// escapes as its part of the whole.
    static func scriptSafe(_ bytes: some Collection<UInt8>) -> String {
        // In place when the bytes are contiguous (a slice of the page's JSON): a copy of
        // megabytes first cost as much as escaping them.
        bytes.withContiguousStorageIfAvailable(scriptSafe(contiguous:))
            ?? Array(bytes).withUnsafeBufferPointer(scriptSafe(contiguous:))
    }

    /// ``scriptSafe(_:)`` of bytes in one buffer: the runs between the characters to escape
    /// copied whole, as a large trace's JSON is megabytes of ASCII with few of them.
    private static func scriptSafe(contiguous bytes: UnsafeBufferPointer<UInt8>) -> String {
        // The characters to escape are single bytes but U+2028 and U+2029, which are E2 80 A8
        // and E2 80 A9 in UTF-8.
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + bytes.count / 64)
        var runStart = 0
        var index = 0
        func escape(_ text: StaticString, skipping count: Int) {
            result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            result.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
            index += count
            runStart = index
        }
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"): escape("\\u003c", skipping: 1)
            case UInt8(ascii: ">"): escape("\\u003e", skipping: 1)
            case UInt8(ascii: "&"): escape("\\u0026", skipping: 1)
            case 0xE2
            where index + 2 < bytes.count && bytes[index + 1] == 0x80
                && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                escape(bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029", skipping: 3)
            default: index += 1
            }
        }
        result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        return String(decoding: result, as: UTF8.self)
    }
}
