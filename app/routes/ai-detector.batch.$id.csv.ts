import { batchCsvResponse } from "~/server/reports/batch-pages.server";
import type { Route } from "./+types/ai-detector.batch.$id.csv";

// GET /ai-detector/batch/<id>/results.csv: the table as CSV (formula-safe cells), for the batch's owner.
export function loader(args: Route.LoaderArgs) {
  return batchCsvResponse(args, args.params.id);
}
