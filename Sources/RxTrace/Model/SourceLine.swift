/// A line of the user's source as reports print it.
public enum SourceLine {
    /// `App/Main.swift:7`, or `an unknown line` for a site whose stack named no frame outside
    /// RxCore (a trace stores it as file '' and line 0: a program without symbols, or an
    /// observable RxCore built for itself).
    public static func text(file: String, line: Int) -> String {
        file.isEmpty ? "an unknown line" : "\(file):\(line)"
    }
}
