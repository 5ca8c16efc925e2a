/** A benchmark that exports no main(): bench.spec.ts checks that running it fails. */
export const figures: number[] = [];
