import { Injectable } from '@nestjs/common';
import { DteParseError, santiagoDate } from '@lib/dte';
import { ProblemException, assertFechaEnRango } from '@lib/schemas';
import { DataSource, EntityManager } from 'typeorm';
import { Actor } from '../common/actor';
import { lockEmpresa } from '../common/empresa-lock';
import { sha256Hex } from '@lib/platform';
import { inTransaction } from '../common/transaction';
import { AuditoriaService } from '../auditoria/auditoria.service';
import { GatewayVerification } from '../dte-recepcion/gateway-verification';
import { RecepcionService } from '../dte-recepcion/recepcion.service';
import { RecepcionResult } from '../dte-recepcion/dto/recepcion.view';
import { ReceivedDte } from '../dte-recepcion/received-dte';
import { PollerDeliveryDto } from './dto/poller-delivery.dto';
import { AdjuntoIgnorado, DteSinEmpresa, MensajeDuplicadoView, MensajeProcesadoView } from './dto/mensaje.view';
import { isoInstant } from '../common/sql';

/** One attachment that holds DTEs: its exact bytes and what accounting parsed of it. */
interface DteFile {
  filename: string;
  bytes: Buffer;
  dtes: ReceivedDte[];
}

export type PollerAnswer = { status: 200 | 201; body: MensajeProcesadoView | MensajeDuplicadoView };

/**
 * POST /contable/poller/recibir-dte (docs/accounting-poller.md "The endpoint"): books the DTEs of one
 * e-mail in ONE transaction with the `mensaje_procesado` row that deduplicates it by Message-ID
 * (docs/research/registry-ledger-accounting.md §0.3: dedupe by Message-ID and by the DTE natural key; the second is BookingService's).
 *
 * The row is claimed FIRST with `INSERT ... ON CONFLICT DO NOTHING`: a concurrent delivery of the same
 * message waits on the first one's uncommitted row and, once it commits, finds the conflict and answers
 * `duplicate`; if the first rolls back, the second books. Then empresa locks are taken in id order
 * (one lock order, no deadlocks). Message-level problems are 422, never 404: a 404 means "wrong URL"
 * to the poller and stops its run.
 */
@Injectable()
export class PollerEndpointService {
  constructor(
    private readonly ds: DataSource,
    private readonly recepcion: RecepcionService,
    private readonly auditoria: AuditoriaService,
    private readonly verification: GatewayVerification,
  ) {}

  /**
   * @throws 422 `empresa_not_found` (the named empresa, or no empresa for any receptor RUT), `no_dte`
   *   (no attachment holds a DTE), `invalid_dte` (DOCTYPE/ENTITY declarations, or a DTE with an invalid
   *   RUT/folio/date/amount), `fecha_out_of_range` (received_at); 409 `period_closed` (the poller
   *   retries), `dte_rechazado` (the tax gateway did not verify a DTE: its reasons); 502/503/504
   *   `gateway_unavailable` (the poller keeps the message and retries). Nothing is written then.
   */
  async deliver(dto: PollerDeliveryDto, actor: Actor): Promise<PollerAnswer> {
    assertFechaEnRango(santiagoDate(new Date(dto.received_at)), 'received_at');
    // Parsed before the Message-ID claim: a refused attachment is refused on every delivery, duplicate or not.
    const { dtes, ignorados, files } = this.parseAttachments(dto);
    if (dto.empresa_id) await this.requireEmpresa(dto.empresa_id);
    // Verified before the claim too (no transaction waits on the gateway); the gateway answers a file it
    // has seen with its stored result, so a redelivery gets the same verdict.
    await this.verifyFiles(files, dto.empresa_id);
    return inTransaction(this.ds, async (em) => {
      const [claimed] = await em.query(
        `INSERT INTO mensaje_procesado (message_id, message_id_sha256, received_at, empresa_id, adjuntos, processed_by)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT ON CONSTRAINT mensaje_procesado_message_uq DO NOTHING RETURNING id`,
        [dto.message_id, sha256Hex(dto.message_id), dto.received_at, dto.empresa_id ?? null, dto.attachments.length, actor.caller],
      );
      if (!claimed) return { status: 200, body: await this.duplicate(em, dto, actor) };
      const { groups, sinEmpresa } = await this.route(em, dto.empresa_id, dtes);
      const resultados: RecepcionResult[] = [];
      for (const [empresaId, group] of groups) {
        const empresa = await lockEmpresa(em, empresaId);
        resultados.push(await this.recepcion.bookAll(em, empresa, group, actor, 'poller'));
        await this.auditoria.record(em, actor, { empresaId, accion: 'poller_recibir_dte', entidad: 'mensaje', entidadId: claimed.id });
      }
      const nuevas = resultados.reduce((n, r) => n + r.facturas.filter((f) => !f.duplicada).length, 0);
      const body: MensajeProcesadoView = {
        status: 'processed',
        mensaje_id: claimed.id,
        message_id: dto.message_id,
        documentos: dtes.length,
        facturas_nuevas: nuevas,
        resultados,
        sin_empresa: sinEmpresa,
        adjuntos_ignorados: ignorados,
      };
      await em.query('UPDATE mensaje_procesado SET documentos = $2, facturas_nuevas = $3, resultado = $4 WHERE id = $1', [
        claimed.id,
        dtes.length,
        nuevas,
        JSON.stringify(body),
      ]);
      return { status: nuevas > 0 ? 201 : 200, body };
    });
  }

  private async duplicate(em: EntityManager, dto: PollerDeliveryDto, actor: Actor): Promise<MensajeDuplicadoView> {
    const [prior] = await em.query(
      `SELECT id, empresa_id, ${isoInstant('processed_at')}
         FROM mensaje_procesado WHERE message_id_sha256 = $1`,
      [sha256Hex(dto.message_id)],
    );
    await this.auditoria.record(em, actor, {
      empresaId: dto.empresa_id ?? prior.empresa_id,
      accion: 'poller_recibir_dte',
      entidad: 'mensaje',
      entidadId: prior.id,
      resultado: 'duplicate',
    });
    return { status: 'duplicate', mensaje_id: prior.id, message_id: dto.message_id, processed_at: prior.processed_at };
  }

  /**
   * The DTEs of every attachment, in order. An attachment that is not a DTE document is skipped; one
   * with DOCTYPE/ENTITY declarations (XML bomb defence of @lib/dte) refuses the whole message, and so
   * does a DTE with unusable data (as POST /contable/recibir-dte does).
   */
  private parseAttachments(dto: PollerDeliveryDto): { dtes: ReceivedDte[]; ignorados: AdjuntoIgnorado[]; files: DteFile[] } {
    const files: DteFile[] = [];
    const ignorados: AdjuntoIgnorado[] = [];
    dto.attachments.forEach((a, i) => {
      try {
        const bytes = Buffer.from(a.content_base64, 'base64');
        files.push({ filename: a.filename, bytes, dtes: this.recepcion.parse(bytes) });
      } catch (err) {
        const cause = (err as { cause?: unknown }).cause;
        if (!(cause instanceof DteParseError)) throw err;
        if (/DOCTYPE|ENTITY/.test(cause.message)) {
          throw new ProblemException(
            422,
            'invalid_dte',
            `Attachment ${a.filename} declares a DOCTYPE/ENTITY (refused: possible XML bomb)`,
            {
              errors: [{ field: `attachments.${i}.content_base64`, message: 'DOCTYPE/ENTITY declarations are not accepted' }],
            },
          );
        }
        ignorados.push({ filename: a.filename, motivo: 'no_es_dte', detalle: cause.message.slice(0, 300) });
      }
    });
    const dtes = files.flatMap((f) => f.dtes);
    if (dtes.length === 0) {
      throw new ProblemException(422, 'no_dte', `None of the ${dto.attachments.length} attachments is a DTE document`, {
        errors: ignorados.map((g) => ({ field: 'attachments', message: `${g.filename}: ${g.detalle}` })),
      });
    }
    return { dtes, ignorados, files };
  }

  /**
   * Each file's DTEs go to the gateway's reception for the empresa that would book them (the named one, or
   * the one whose RUT is their receptor); DTEs without an empresa are not booked and not sent.
   * @throws ProblemException from {@link GatewayVerification.verify}.
   */
  private async verifyFiles(files: DteFile[], empresaId: string | undefined): Promise<void> {
    const ruts = [...new Set(files.flatMap((f) => f.dtes.map((d) => d.receptorRut)))];
    const rows: { id: string; rut: string }[] = empresaId
      ? await this.ds.query('SELECT id, rut FROM empresa WHERE id = $1', [empresaId])
      : await this.ds.query('SELECT id, rut FROM empresa WHERE rut = ANY($1)', [ruts]);
    const named = empresaId ? rows[0]?.rut : undefined;
    const known = new Set(rows.map((r) => r.rut));
    for (const file of files) {
      const porEmpresa = new Map<string, ReceivedDte[]>();
      for (const d of file.dtes) {
        const rut = named ?? (known.has(d.receptorRut) ? d.receptorRut : undefined);
        if (rut) porEmpresa.set(rut, [...(porEmpresa.get(rut) ?? []), d]);
      }
      for (const [rut, group] of porEmpresa) await this.verification.verify(rut, file.bytes, group, file.filename);
    }
  }

  /**
   * Which empresa books each DTE: the named one (BookingService then ignores DTEs for another
   * receptor), or the empresa whose RUT is the DTE's receptor. Groups come in empresa id order.
   * @throws 422 `empresa_not_found` when no DTE has an empresa.
   */
  private async route(em: EntityManager, empresaId: string | undefined, dtes: ReceivedDte[]) {
    const sinEmpresa: DteSinEmpresa[] = [];
    if (empresaId) return { groups: new Map([[empresaId, dtes]]), sinEmpresa };
    const ruts = [...new Set(dtes.map((d) => d.receptorRut))];
    const rows: { id: string; rut: string }[] = await em.query('SELECT id, rut FROM empresa WHERE rut = ANY($1) ORDER BY id', [ruts]);
    const byRut = new Map(rows.map((r) => [r.rut, r.id]));
    const groups = new Map<string, ReceivedDte[]>(rows.map((r) => [r.id, []]));
    for (const d of dtes) {
      const id = byRut.get(d.receptorRut);
      if (id) groups.get(id)?.push(d);
      else
        sinEmpresa.push({
          tipo_dte: d.tipo,
          folio: d.folio,
          rut_emisor: d.emisor.rut,
          rut_receptor: d.receptorRut,
          motivo: 'receptor_desconocido',
        });
    }
    if (groups.size === 0) {
      throw new ProblemException(422, 'empresa_not_found', `No empresa has the receptor RUT of these DTEs (${ruts.join(', ')})`, {
        errors: [{ field: 'attachments', message: `unknown receptor ${ruts.join(', ')}` }],
      });
    }
    return { groups, sinEmpresa };
  }

  private async requireEmpresa(id: string): Promise<void> {
    const rows = await this.ds.query('SELECT 1 FROM empresa WHERE id = $1', [id]);
    if (rows.length === 0) {
      throw new ProblemException(422, 'empresa_not_found', `Empresa ${id} does not exist (check POLLER_EMPRESA_ID)`, {
        errors: [{ field: 'empresa_id', message: 'unknown empresa' }],
      });
    }
  }
}
