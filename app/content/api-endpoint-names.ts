/** The developer API's tool endpoints, each at /api/v1/<name>: the route table and the endpoint table (api-endpoints.server.ts) both read this list. */
export const apiToolEndpointNames = ["detect", "humanize", "write", "speech", "images", "images/edits", "chat"] as const;

export type ApiToolEndpointName = (typeof apiToolEndpointNames)[number];
