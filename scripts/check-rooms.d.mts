/** Every module specifier a source text names: imports and re-exports (type-only too), import() calls and types. */
export function specifiersOf(text: string): string[];
/** The import graph of an app folder: each source file (relative to it) with the app files it names. */
export function importGraph(app: string): Map<string, string[]>;
/** The rooms' door rules (docs/decisions/063-rooms.md). */
export const doors: { rule: string; breaks: ((from: string) => boolean) | ((from: string, to: string) => boolean) }[];
/** Every cycle of the graph once, as its files. */
export function cyclesOf(graph: Map<string, string[]>): string[][];
/** What breaks the rooms in an app folder: one line per crossing or cycle, empty when they hold. */
export function checkRooms(app: string): string[];
/** Each D1 table's module, as the table registry names it. */
export function tableModules(app: string): Map<string, string>;
/** Where a table's name stands in SQL outside the module the registry gives it. */
export function sqlOutsideItsModule(app: string): string[];
