import type { EntityManager } from 'typeorm';

/** An open transaction: services pass it from store to store so that one change commits or rolls back whole. */
export type Tx = EntityManager;
