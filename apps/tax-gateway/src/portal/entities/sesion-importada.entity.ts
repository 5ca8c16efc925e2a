import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A portal cookie as imported (the browser's export: name, value, domain, path, expires in Unix seconds). */
export interface CookieImportada {
  name: string;
  value: string;
  domain: string;
  path: string;
  expires?: number;
}

/** Spec 1 "Imported session": the cookie values never leave this table except towards the portal. */
@Entity({ name: 'sesion_importada' })
export class SesionImportadaEntity {
  @PrimaryColumn({ name: 'representado_rut', type: 'varchar', length: 10 })
  representadoRut!: string;

  @Column({ type: 'jsonb' })
  cookies!: CookieImportada[];

  @Column({ name: 'imported_at', type: 'timestamptz' })
  importedAt!: Date;

  /** The earliest expiry among the cookies that carry one; null when all are session cookies. */
  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  /** Whether the portal accepted the session on its last use; null before the first use. */
  @Column({ name: 'last_use_accepted', type: 'boolean', nullable: true })
  lastUseAccepted!: boolean | null;

  @Column({ name: 'imported_by', type: 'varchar', length: 40 })
  importedBy!: string;
}
