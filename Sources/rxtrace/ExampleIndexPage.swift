import RxExamples
import RxTrace

/// `traces/index.html`: every example's page and text report, grouped by the seed article it
/// comes from, each with its one-line lesson; the examples that leak on purpose are marked.
/// Like the pages, it holds nothing of its own making, so the same catalog gives the same bytes.
enum ExampleIndexPage {
    /// The page, ending with a newline.
    static func render(_ examples: [any TracedExample]) -> String {
        let html = HTMLReportRenderer()
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>RxTrace examples</title>
            <style>body { font: 14px/1.5 system-ui, sans-serif; margin: 16px; max-width: 60em; } li { margin: 6px 0; } h2 { font-size: 16px; margin-top: 20px; } .leak { color: #b3261e; font-weight: 600; } .lesson { color: #5d6470; }</style>
            </head><body><h1>RxTrace examples</h1>
            <p>Each example&#39;s page steps through its run: the call flow beside the source it runs through, the marble being delivered and the objects alive at each step, with the article it comes from and what to notice (<code>rxtrace report NAME.sqlite --format html</code>).</p>

            """
        let seeds = examples.map(\.seed).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for seed in seeds.sorted() {
            page +=
                "<section class=\"article\" id=\"article-\(html.escaped(seed))\"><h2>"
                + html.escaped(SeedArticle.heading(of: seed)) + "</h2><ul>\n"
            for example in examples where example.seed == seed {
                let name = html.escaped(example.name)
                page +=
                    "<li><a href=\"\(name).html\">\(name)</a> · <a href=\"\(name).txt\">text report</a>"
                    + (example.isLeakExpected ? " · <span class=\"leak\">leaks on purpose</span>" : "")
                    + "<br><span class=\"lesson\">" + html.escaped(example.summary) + "</span></li>\n"
            }
            page += "</ul></section>\n"
        }
        return page + "</body></html>\n"
    }
}
