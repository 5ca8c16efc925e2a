import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { BancoLinkEntity } from './entities/banco-link.entity';

/** The `banco_link` rows (tokens only encrypted: banco-links.ts). */
@Injectable()
export class BancoLinksStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Creates or replaces the tenant's link in one statement (two requests at once: the last one wins); whether it was new. */
  async upsert(row: BancoLinkEntity): Promise<{ createdAt: Date; updatedAt: Date; nuevo: boolean }> {
    const [r] = await this.db.query(
      `INSERT INTO banco_link (tenant, link_cifrado, link_sufijo, updated_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant) DO UPDATE SET link_cifrado = EXCLUDED.link_cifrado, link_sufijo = EXCLUDED.link_sufijo,
         updated_at = now(), updated_by = EXCLUDED.updated_by
       RETURNING created_at, updated_at, (xmax = 0) AS nuevo`,
      [row.tenant, row.linkCifrado, row.linkSufijo, row.updatedBy],
    );
    return { createdAt: r.created_at, updatedAt: r.updated_at, nuevo: r.nuevo };
  }

  async isEmpty(): Promise<boolean> {
    const [r] = await this.db.query('SELECT NOT EXISTS (SELECT 1 FROM banco_link) AS vacia');
    return r.vacia;
  }

  /** Inserts the row unless the tenant has a link; whether it did. */
  async insertIfAbsent(row: BancoLinkEntity): Promise<boolean> {
    const seeded: unknown[] = await this.db.query(
      `INSERT INTO banco_link (tenant, link_cifrado, link_sufijo, updated_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (tenant) DO NOTHING RETURNING tenant`,
      [row.tenant, row.linkCifrado, row.linkSufijo, row.updatedBy],
    );
    return seeded.length > 0;
  }

  find(tenant: string): Promise<BancoLinkEntity | null> {
    return this.db.getRepository(BancoLinkEntity).findOneBy({ tenant });
  }

  /** The linked tenants, without reading their ciphertexts. */
  async tenants(): Promise<string[]> {
    const rows: { tenant: string }[] = await this.db.query('SELECT tenant FROM banco_link ORDER BY tenant');
    return rows.map((r) => r.tenant);
  }

  list(): Promise<BancoLinkEntity[]> {
    return this.db.getRepository(BancoLinkEntity).find({ order: { tenant: 'ASC' } });
  }

  async remove(tenant: string): Promise<boolean> {
    const { affected } = await this.db.getRepository(BancoLinkEntity).delete({ tenant });
    return !!affected;
  }
}
