export interface SimSettings {
  port: number;
  tlsPort: number;
  host: string;
  unknownRuts: string[];
  estUpDelayMs?: number;
  cafIdk?: number;
  dataDir: string;
}

/** PORT, SIM_TLS_PORT, HOST, SIM_UNKNOWN_RUTS, SIM_ESTUP_DELAY_MS, SIM_CAF_IDK, SIM_DATA_DIR. @throws Error naming a bad number. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): SimSettings {
  const int = (name: string, fallback?: number): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
    return n;
  };
  return {
    port: int('PORT', 8241) as number,
    tlsPort: int('SIM_TLS_PORT', 8243) as number,
    host: env['HOST'] || '127.0.0.1',
    unknownRuts: (env['SIM_UNKNOWN_RUTS'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    estUpDelayMs: int('SIM_ESTUP_DELAY_MS'),
    cafIdk: int('SIM_CAF_IDK'),
    dataDir: env['SIM_DATA_DIR'] || '.data/sii-sim',
  };
}
