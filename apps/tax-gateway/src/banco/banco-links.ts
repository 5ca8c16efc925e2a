import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { bancoNotLinked } from './banco-errors';
import { BancoLinksStore } from './banco-links.store';
import { BancoLinkView } from './dto/banco.dto';
import { BancoLinkEntity } from './entities/banco-link.entity';

const VERSION = 'v1';

/**
 * The tenants' bank links (docs/tax-gateway.md "Bank links"): each link token stored encrypted with AES-256-GCM under BANK_LINKS_KEY
 * (a fresh 12-byte IV per write, the tenant as associated data so a row copied to another tenant does not decrypt), registered through
 * the API; BANK_LINK_TOKENS only seeds the tenants that have none at boot.
 */
@Injectable()
export class BancoLinks implements OnApplicationBootstrap {
  private readonly logger = new Logger(BancoLinks.name);

  constructor(
    private readonly store: BancoLinksStore,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
  ) {}

  /** Seeds only an empty table: a link removed through the API does not come back at the next boot. */
  async onApplicationBootstrap(): Promise<void> {
    if (this.settings.bankLinkTokens.size === 0 || !(await this.store.isEmpty())) return;
    for (const [tenant, token] of this.settings.bankLinkTokens) {
      const seeded = await this.store.insertIfAbsent(this.row(tenant, token, 'BANK_LINK_TOKENS'));
      if (seeded) this.logger.warn(`bank link of ${tenant} seeded from BANK_LINK_TOKENS (deprecated: PUT /banco/links/{tenant})`);
    }
  }

  /** Creates or replaces the tenant's link. @throws 503 `banco_links_key_missing` without BANK_LINKS_KEY. */
  async put(tenant: string, token: string, caller: string): Promise<{ link: BancoLinkView; created: boolean }> {
    const row = this.row(tenant, token, caller);
    const { createdAt, updatedAt, nuevo } = await this.store.upsert(row);
    this.logger.log(`bank link of ${tenant} ${nuevo ? 'registered' : 'replaced'} by ${caller}`);
    return { link: toBancoLinkView({ ...row, createdAt, updatedAt }), created: nuevo };
  }

  async list(): Promise<BancoLinkView[]> {
    return (await this.store.list()).map(toBancoLinkView);
  }

  tenants(): Promise<string[]> {
    return this.store.tenants();
  }

  /** @throws 404 `banco_not_linked`. */
  async remove(tenant: string, caller: string): Promise<void> {
    if (!(await this.store.remove(tenant)))
      throw new ProblemException(404, 'banco_not_linked', `Tenant ${tenant} has no bank link.`, { tenant });
    this.logger.log(`bank link of ${tenant} removed by ${caller}`);
  }

  /**
   * The tenant's link token, undefined without a link. @throws 503 `banco_links_key_missing`; 422 `banco_link_unreadable` for a stored
   * link BANK_LINKS_KEY does not open (the key changed, or the row is not this tenant's): registering it again mends it.
   */
  async token(tenant: string): Promise<string | undefined> {
    const row = await this.store.find(tenant);
    if (!row) return undefined;
    const key = this.key();
    try {
      return this.decrypt(key, tenant, row.linkCifrado);
    } catch {
      throw new ProblemException(
        422,
        'banco_link_unreadable',
        `The stored bank link of ${tenant} cannot be read with BANK_LINKS_KEY: register it again (PUT /banco/links/${tenant}).`,
        { tenant },
      );
    }
  }

  /** @throws 422 `banco_not_linked` (the refresh's answer for a tenant without a link). */
  async require(tenant: string): Promise<string> {
    const token = await this.token(tenant);
    if (!token) throw bancoNotLinked(tenant);
    return token;
  }

  private row(tenant: string, token: string, by: string): BancoLinkEntity {
    const now = new Date();
    // Only a long token shows its last four characters.
    const sufijo = token.length >= 12 ? token.slice(-4) : '';
    return { tenant, linkCifrado: this.encrypt(tenant, token), linkSufijo: sufijo, createdAt: now, updatedAt: now, updatedBy: by };
  }

  private encrypt(tenant: string, token: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key(), iv).setAAD(Buffer.from(tenant));
    const ct = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ct].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  private decrypt(key: Buffer, tenant: string, stored: string): string {
    const [version, iv, tag, ct] = stored.split('.');
    const ivBytes = Buffer.from(iv ?? '', 'base64url');
    if (version !== VERSION || ivBytes.length !== 12 || !tag || !ct)
      throw new Error(`the bank link of ${tenant} is not a ${VERSION} ciphertext`);
    // A full 16-byte tag only: a shorter one would be accepted by default and weakens the check.
    const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: 16 }).setAAD(Buffer.from(tenant));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }

  private key(): Buffer {
    if (!this.settings.bankLinksKey) {
      throw new ProblemException(503, 'banco_links_key_missing', 'BANK_LINKS_KEY is not set: bank links cannot be stored or read.');
    }
    return this.settings.bankLinksKey;
  }
}

/** A link as answered: never the token, only its last four characters. */
function toBancoLinkView(r: BancoLinkEntity): BancoLinkView {
  return {
    tenant: r.tenant,
    link_sufijo: r.linkSufijo,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    updated_by: r.updatedBy,
  };
}
