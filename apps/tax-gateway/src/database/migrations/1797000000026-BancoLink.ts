import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A tenant's bank link, registered through `PUT /banco/links/{tenant}` (docs/tax-gateway.md "Bank links") instead of the
 * BANK_LINK_TOKENS setting: the link token encrypted with AES-256-GCM under BANK_LINKS_KEY (`v1.<iv>.<tag>.<ciphertext>`, base64url),
 * its last four characters kept apart to tell links apart.
 */
export class BancoLink1797000000026 implements MigrationInterface {
  name = 'BancoLink1797000000026';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE banco_link (
        tenant varchar(10) PRIMARY KEY,
        link_cifrado text NOT NULL CONSTRAINT banco_link_cifrado_ck CHECK (link_cifrado LIKE 'v1.%'),
        link_sufijo varchar(4) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by varchar(64) NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE banco_link`);
  }
}
