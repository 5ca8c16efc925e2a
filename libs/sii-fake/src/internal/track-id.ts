import { randomInt } from 'node:crypto';
import type { SiiFakeState } from '../state';

/** A 10-digit TRACKID no DTEUpload or RTCAnotEnvio of this stand-in has had (docs/research/sii-protocol.md §2.1). */
export function newTrackId(state: SiiFakeState): string {
  let id: string;
  do id = String(randomInt(100_000_000, 9_999_999_999)).padStart(10, '0');
  while (state.uploads.has(id) || state.aecEnvios.has(id));
  return id;
}
