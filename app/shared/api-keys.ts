// The dashboard's 'API keys' section as the server states it (app/server/api/api-key-dashboard.server.ts).

export type ApiKeyRow = { id: string; name: string; prefix: string; createdAt: number; lastUsedAt: number | null };

export type ApiKeysState = { access: "available"; keys: ApiKeyRow[]; maxKeys: number } | { access: "upgrade" } | { access: "inactive" };
