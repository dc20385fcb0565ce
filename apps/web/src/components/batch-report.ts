// What a list's actions build from a batch answer, apart from the dialog: they import it statically,
// and a module of its own keeps the dialog's table (antd Table, Alert) out of the list's first load.

/** One resource's outcome in a batch answer (contracts `batchResultOf`), with its name. */
export interface BatchReportRow {
  id: string;
  name: string;
  ok: boolean;
  message: string | null;
}

export interface BatchReport {
  /** What was asked, already translated ("Restart"). */
  action: string;
  rows: readonly BatchReportRow[];
}

/** The rows of a batch answer with their names (the answer names only ids), in the order asked. */
export function batchReportRows<R extends { ok: boolean; message: string | null }>(
  results: readonly R[],
  idOf: (row: R) => string,
  nameOf: (id: string) => string | undefined,
): BatchReportRow[] {
  return results.map((row) => {
    const id = idOf(row);
    return { id, name: nameOf(id) ?? id, ok: row.ok, message: row.message };
  });
}

/** How many resources of a batch answer took the action, and how many refused it. */
export function outcomeCounts(rows: readonly { ok: boolean }[]) {
  const failed = rows.filter((row) => !row.ok).length;
  return { failed, succeeded: rows.length - failed };
}
