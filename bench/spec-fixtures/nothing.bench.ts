import { verdict } from '../support';

/** A benchmark whose run measured nothing: bench.spec.ts checks that it fails. */
export async function main(): Promise<number> {
  return verdict(0, [['a target', true]]);
}
