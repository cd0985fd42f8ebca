/** The Lucide icons the site draws, by their lucide-react file names. */
export const iconNames: string[];
/** The constant an icon is exported as: `arrow-right` → `arrowRight`. */
export function exportName(name: string): string;
/** One lucide-react shape (`[tag, attributes]`) as path data; throws for one it cannot merge. */
export function shapeToPath(shape: [string, Record<string, string>]): string;
/** The contents of app/components/ui/lucide-paths.ts for the installed lucide-react. */
export function renderLucidePaths(): Promise<string>;
