import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";

// Every test file starts from the schema in migrations/ (already-applied ones are skipped).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
