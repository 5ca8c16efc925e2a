import axios from 'axios';
import type { ChecklistEvidenceBody } from '@lib/schemas';

/** docs/DESIGN.md §3 "Callers". */
const INTERNAL_KEY_HEADER = 'X-Internal-Key';

/** Resolves with the HTTP status; rejects naming the status and body (or the network error). */
export async function postEvidence(baseUrl: string, key: string, slug: string, body: ChecklistEvidenceBody): Promise<number> {
  const url = `${baseUrl.replace(/\/+$/, '')}/api/v1/services/${encodeURIComponent(slug)}/evidence`;
  try {
    const response = await axios.post(url, body, {
      headers: { [INTERNAL_KEY_HEADER]: key, 'Content-Type': 'application/json' },
      timeout: 15_000,
      validateStatus: () => true,
    });
    if (response.status >= 200 && response.status < 300) return response.status;
    const detail = typeof response.data === 'string' ? response.data : JSON.stringify(response.data);
    throw new Error(`POST ${url} answered ${response.status}: ${detail.slice(0, 500)}`);
  } catch (err) {
    if (axios.isAxiosError(err)) throw new Error(`POST ${url} failed: ${err.message}`);
    throw err;
  }
}
