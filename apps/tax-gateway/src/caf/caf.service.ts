import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { Caf, DteError, encodeLatin1, parseCaf, santiagoDate } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { TAX_SETTINGS, TaxSettings } from '../settings/tax-settings';
import { SignerClient } from '../signer/signer-client';
import { checkCaf } from './caf-verification';
import { CafAlerta, cafAlerta } from './caf-alerta';
import { CafStore, NuevoCaf } from './caf.store';
import { CafEntity } from './entities/caf.entity';
import { FolioCounterEntity } from './entities/folio-counter.entity';

export interface CafSummary {
  caf_id: string;
  tenant: string;
  tipo_dte: number;
  desde: number;
  hasta: number;
  fecha_autorizacion: string;
  ultimo_dia_valido: string | null;
  siguiente_folio: number;
  disponibles: number;
  vigente: boolean;
}

/** Folios available per DTE type, with the expiry of the CAF in use and an alert. */
export interface CafStatus {
  tenant: string;
  tipos: { tipo_dte: number; disponibles: number; vence: string | null; alerta: CafAlerta | null; cafs: CafSummary[] }[];
}

/** CAF intake and folio inventory (docs/DESIGN.md §4.4 "caf"): the signing service keeps RSASK; the CAF is stored without it. */
@Injectable()
export class CafService {
  private readonly logger = new Logger(CafService.name);

  constructor(
    private readonly store: CafStore,
    @Inject(TAX_SETTINGS) private readonly settings: TaxSettings,
    private readonly signer: SignerClient,
  ) {}

  async upload(tenant: string, file: Buffer, caller?: string): Promise<CafSummary> {
    const caf = this.parse(file);
    const today = santiagoDate();
    const ultimoDiaValido = checkCaf(caf, {
      tenant,
      today,
      simCertificatePem: this.settings.simCafCertificatePem,
      taxEnv: this.settings.taxEnv,
    });
    const saved = await this.store.insertUnlessOverlap(tenant, caf.td, caf.desde, caf.hasta, async () =>
      nuevoCaf(tenant, caf, ultimoDiaValido, file, await this.signer.registerCaf(file), caller),
    );
    if ('clash' in saved) {
      const { clash } = saved;
      throw new ProblemException(
        409,
        'caf_overlap',
        `Folios ${caf.desde}-${caf.hasta} overlap the CAF ${clash.desde}-${clash.hasta} already uploaded.`,
        {
          caf_id: clash.id,
        },
      );
    }
    this.logger.log(`CAF ${saved.caf.id} of ${tenant} tipo ${caf.td} folios ${caf.desde}-${caf.hasta} accepted`);
    return toCafView(saved.caf, saved.counter, today);
  }

  /** Folios available per type for `tenant`; expired or exhausted CAFs count 0. */
  async status(tenant: string): Promise<CafStatus> {
    const cafs = await this.store.list(tenant);
    const counters = await this.store.listCounters(tenant);
    const byId = new Map(counters.map((c) => [c.cafId, c]));
    const today = santiagoDate();
    const tipos = new Map<number, CafSummary[]>();
    for (const caf of cafs) {
      const counter = byId.get(caf.id);
      if (!counter) continue;
      tipos.set(caf.tipoDte, [...(tipos.get(caf.tipoDte) ?? []), toCafView(caf, counter, today)]);
    }
    return { tenant, tipos: [...tipos.entries()].map(([tipo_dte, list]) => this.summarizeTipo(tipo_dte, list, today)) };
  }

  private summarizeTipo(tipo_dte: number, cafs: CafSummary[], today: string): CafStatus['tipos'][number] {
    const disponibles = cafs.reduce((n, c) => n + c.disponibles, 0);
    // The CAF in use is the first (lowest range) with folios left; its expiry is the one that matters.
    const vence = cafs.find((c) => c.disponibles > 0)?.ultimo_dia_valido ?? null;
    return { tipo_dte, disponibles, vence, alerta: cafAlerta(disponibles, vence, today, this.settings.cafAlertaFolios), cafs };
  }

  async findById(id: string): Promise<CafEntity> {
    const caf = await this.store.findById(id);
    if (!caf) throw new Error(`CAF ${id} vanished`);
    return caf;
  }

  private parse(file: Buffer): Caf {
    try {
      return parseCaf(file);
    } catch (err) {
      if (err instanceof DteError) throw new ProblemException(422, 'caf_invalid', `The file is not a CAF: ${err.message}`);
      throw err;
    }
  }
}

function toCafView(caf: CafEntity, counter: FolioCounterEntity, today: string): CafSummary {
  const vigente = caf.ultimoDiaValido === null || caf.ultimoDiaValido >= today;
  return {
    caf_id: caf.id,
    tenant: caf.tenant,
    tipo_dte: caf.tipoDte,
    desde: caf.desde,
    hasta: caf.hasta,
    fecha_autorizacion: caf.fechaAutorizacion,
    ultimo_dia_valido: caf.ultimoDiaValido,
    siguiente_folio: counter.nextFolio,
    disponibles: vigente ? Math.max(0, counter.hasta - counter.nextFolio + 1) : 0,
    vigente,
  };
}

function nuevoCaf(tenant: string, caf: Caf, ultimoDiaValido: string | null, file: Buffer, signerCafId: string, caller?: string): NuevoCaf {
  const id = randomUUID();
  return {
    caf: Object.assign(new CafEntity(), {
      id,
      tenant,
      tipoDte: caf.td,
      desde: caf.desde,
      hasta: caf.hasta,
      fechaAutorizacion: caf.fa,
      ultimoDiaValido,
      idk: caf.idk,
      razonSocial: caf.rs.slice(0, 100),
      rsapkM: caf.rsapk.m,
      rsapkE: caf.rsapk.e,
      cafXml: encodeLatin1(caf.cafXml),
      signerCafId,
      fileSha256: createHash('sha256').update(file).digest('hex'),
      uploadedBy: caller ?? null,
    }),
    counter: Object.assign(new FolioCounterEntity(), {
      cafId: id,
      tenant,
      tipoDte: caf.td,
      hasta: caf.hasta,
      nextFolio: caf.desde,
      ultimoDiaValido,
    }),
  };
}
