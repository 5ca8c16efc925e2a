import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Cursor state of the mailbox poller: today the Graph delta link of each mailbox folder. */
@Entity({ name: 'poller_state' })
export class PollerState {
  /** `graph:<mailbox>:<folder>` (see GraphMailboxAdapter.stateKey). */
  @PrimaryColumn({ type: 'varchar', length: 300 })
  key!: string;

  /** The `@odata.deltaLink` of the last fully acknowledged round (an opaque URL). */
  @Column({ name: 'delta_link', type: 'text' })
  deltaLink!: string;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}
