// A query's row, typed from its table's generated row (rows.server.ts): the columns it selects,
// some narrowed to what the code writes there (a tool id, a channel), which SQLite cannot say.
export type Selected<Row, Columns extends keyof Row, Narrowed extends { [Column in Columns]?: Row[Column] } = {}> = Omit<
  Pick<Row, Columns>,
  keyof Narrowed
> &
  Narrowed;
