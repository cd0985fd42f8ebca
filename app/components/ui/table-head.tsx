/** A table's column headings: each cell `cell`, all but the last also `gap` (the space before the next column). */
export function TableHead({ columns, rowClassName, cell, gap }: { columns: string[]; rowClassName: string; cell: string; gap: string }) {
  return (
    <thead>
      <tr className={rowClassName}>
        {columns.map((column, index) => (
          <th key={column} scope="col" className={index < columns.length - 1 ? `${cell} ${gap}` : cell}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
