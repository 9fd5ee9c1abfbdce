/// The samples of every instrumented store, one histogram per store label, stage and action
/// case, for ``Instrumentation/report()``.
final class StageStatistics: Sendable {
  struct Row: Hashable {
    let store: String
    let stage: Instrumentation.Stage
    let name: String
  }

  static let shared = StageStatistics()

  private let rows = Locked<[Row: StageHistogram]>([:])

  func record(_ duration: Duration, in row: Row) {
    rows.withLock { $0[row, default: StageHistogram()].record(nanoseconds: duration.nanoseconds) }
  }

  func reset() {
    rows.withLock { $0.removeAll() }
  }

  /// The histogram of one row; for tests.
  func histogram(of row: Row) -> StageHistogram? {
    rows.withLock { $0[row] }
  }

  /// The report: a header, then the rows with the slowest sample first (ties by store, stage and
  /// case), in aligned columns.
  func report(threshold: Duration) -> String {
    let title = "Reductor instrumentation report"
    let rows = rows.value.sorted { lhs, rhs in
      if lhs.value.maximum != rhs.value.maximum { return lhs.value.maximum > rhs.value.maximum }
      return (lhs.key.store, lhs.key.stage.rawValue, lhs.key.name)
        < (rhs.key.store, rhs.key.stage.rawValue, rhs.key.name)
    }
    guard !rows.isEmpty else { return "\(title): no samples" }
    let table =
      [["STORE", "STAGE", "CASE", "COUNT", "P50", "P90", "MAX"]]
      + rows.map { row, histogram in
        [
          row.store, row.stage.rawValue, row.name, "\(histogram.count)",
          Self.format(histogram.percentile(0.5)), Self.format(histogram.percentile(0.9)),
          Self.format(histogram.maximum),
        ]
      }
    let widths = (0..<7).map { column in table.map { $0[column].count }.max() ?? 0 }
    let lines = table.map { cells in
      cells.enumerated().map { column, cell in
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        // Text columns to the left, numbers to the right.
        return column < 3 ? cell + padding : padding + cell
      }
      .joined(separator: "  ")
    }
    return (["\(title) (threshold \(Milliseconds(threshold)))"] + lines).joined(separator: "\n")
  }

  private static func format(_ nanoseconds: Int64?) -> String {
    nanoseconds.map { Milliseconds(nanoseconds: $0).description } ?? "-"
  }
}
