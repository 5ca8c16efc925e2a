import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A tenant's bank link; the token only encrypted (banco-links.ts). */
@Entity({ name: 'banco_link' })
export class BancoLinkEntity {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  tenant!: string;

  /** `v1.<iv>.<tag>.<ciphertext>` (AES-256-GCM under BANK_LINKS_KEY, base64url parts). */
  @Column({ name: 'link_cifrado', type: 'text' })
  linkCifrado!: string;

  /** The token's last four characters, to tell links apart without the secret. */
  @Column({ name: 'link_sufijo', type: 'varchar', length: 4 })
  linkSufijo!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'updated_by', type: 'varchar', length: 64 })
  updatedBy!: string;
}
