// Every schema takes `z` from here, so Zod's global setting is made before any schema is built.
import { z } from "zod";

// Zod 4 compiles a fast parser for each object schema with `new Function`, after testing once
// whether eval is allowed. Our CSP has no 'unsafe-eval', so in the browser that test is a CSP
// violation on every page with a form (Chrome lists it as an issue, which fails Lighthouse's
// best-practices audit), and workerd refuses eval too. Without it Zod interprets the schema:
// same results, and the forms here are small.
z.config({ jitless: true });

export { z };
