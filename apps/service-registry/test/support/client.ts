import request from 'supertest';
import type { RegistryTestApp } from './registry-app';
import { KEYS } from './registry-app';
import type { TokenClaims } from '@lib/testing';

export type Caller = keyof typeof KEYS;

/** Who calls: a caller key and, optionally, an end user (token claims) or a raw Authorization value. */
export interface As {
  caller?: Caller | null;
  user?: TokenClaims;
  authorization?: string;
}

/** Common end users of the tests. */
export const USERS = {
  superadmin: { sub: 'sa-1', roles: ['superadmin'] },
  admin: { sub: 'admin-1', roles: ['admin'] },
  staff: { sub: 'staff-1', roles: ['staff'] },
  user: { sub: 'user-1', roles: [] },
} satisfies Record<string, TokenClaims>;

/** supertest with the registry's headers: X-Internal-Key of the caller (admin by default) and a bearer token. */
export class Api {
  constructor(private readonly ctx: RegistryTestApp) {}

  private async headers(as: As): Promise<Record<string, string>> {
    const headers: Record<string, string> = {};
    const caller = as.caller === undefined ? 'admin' : as.caller;
    if (caller) headers['x-internal-key'] = KEYS[caller];
    if (as.authorization) headers.authorization = as.authorization;
    else if (as.user) headers.authorization = `Bearer ${await this.ctx.issuer.token(as.user)}`;
    return headers;
  }

  async get(path: string, as: As = {}) {
    return request(this.ctx.app.getHttpServer())
      .get(path)
      .set(await this.headers(as));
  }

  async post(path: string, body: unknown, as: As = {}) {
    return request(this.ctx.app.getHttpServer())
      .post(path)
      .set(await this.headers(as))
      .send(body as object);
  }

  async patch(path: string, body: unknown, as: As = {}) {
    return request(this.ctx.app.getHttpServer())
      .patch(path)
      .set(await this.headers(as))
      .send(body as object);
  }

  async delete(path: string, as: As = {}) {
    return request(this.ctx.app.getHttpServer())
      .delete(path)
      .set(await this.headers(as));
  }
}
