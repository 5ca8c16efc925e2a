import { Column } from 'typeorm';

/**
 * A document kept as the exact bytes that were signed, sent or received (never re-serialized: the signatures cover them) and their
 * sha256 in hex; each entity's table has these columns (TypeORM concrete table inheritance, as `MontosColumns`).
 */
export abstract class ArchivoColumns {
  @Column({ type: 'bytea' })
  xml!: Buffer;

  @Column({ name: 'xml_sha256', type: 'char', length: 64 })
  xmlSha256!: string;
}
