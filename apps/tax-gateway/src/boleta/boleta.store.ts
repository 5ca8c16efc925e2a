import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TIPOS_BOLETA } from '@lib/dte';
import type { EmisionEntity } from '../dte/entities/emision.entity';
import { EmisionStore } from '../dte/emision.store';
import { BoletaEnvioEntity } from './entities/boleta-envio.entity';

/** EnvioBOLETA holds at most 500 boletas (EnvioBOLETA_v11.xsd; the SII's instructivo, docs/research/boletas.md §2). */
export const MAX_BOLETAS_POR_ENVIO = 500;

/** The boletas' envelopes, and which boletas wait for one. Boletas themselves are emissions (dte/EmisionStore). */
@Injectable()
export class BoletaStore {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly emisiones: EmisionStore,
  ) {}

  /** Up to {@link MAX_BOLETAS_POR_ENVIO} signed boletas of `tenant`, moved to `uploading` (EnvioEstadosStore.claimMany), by folio. */
  async claimPorEnviar(tenant: string): Promise<EmisionEntity[]> {
    const rows = await this.emisiones.claimSigned(
      `tenant = $1 AND tipo_dte IN (${TIPOS_BOLETA.join(', ')})`,
      [tenant],
      'created_at, tipo_dte, folio',
      MAX_BOLETAS_POR_ENVIO,
    );
    return rows.sort((a, b) => a.tipoDte - b.tipoDte || a.folio - b.folio);
  }

  /** Tenants with boletas signed at least `seconds` ago and not claimed: an envío that did not happen (a restart, a closed breaker). */
  async tenantsPorEnviar(seconds: number): Promise<string[]> {
    const rows: { tenant: string }[] = await this.db.query(
      `SELECT DISTINCT tenant FROM dte_emission
        WHERE estado = 'signed' AND tipo_dte IN (${TIPOS_BOLETA.join(', ')}) AND created_at <= now() - make_interval(secs => $1)`,
      [seconds],
    );
    return rows.map((r) => r.tenant);
  }

  insertEnvio(envio: BoletaEnvioEntity): Promise<unknown> {
    return this.db.getRepository(BoletaEnvioEntity).insert(envio);
  }

  async setTrackid(id: string, trackid: string): Promise<void> {
    await this.db.getRepository(BoletaEnvioEntity).update({ id }, { trackid });
  }

  /** Whether `trackid` is one of the tenant's EnvioBOLETA. */
  hasEnvio(tenant: string, trackid: string): Promise<boolean> {
    return this.db.getRepository(BoletaEnvioEntity).existsBy({ tenant, trackid });
  }
}
