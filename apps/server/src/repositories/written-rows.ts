// The row a write returned, where the database answers one or fails: none would be a bug here.

/** The row an insert returned. */
export function insertedRow<Row>(rows: readonly Row[]): Row {
  const [row] = rows;
  if (row === undefined) throw new Error('the insert returned no row');
  return row;
}

/** The row an update returned; none: the `what` was removed meanwhile. */
export function updatedRow<Row>(rows: readonly Row[], what: string): Row {
  const [row] = rows;
  if (row === undefined) throw new Error(`the ${what} vanished`);
  return row;
}
