import { Injectable, Logger } from '@nestjs/common';
import { validateXsd, type EstadoEnvioBoleta, type XsdSchemaName } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { wasNotSent } from '@lib/platform';
import { TokenService } from '../auth/token.service';
import { SignerClient } from '../signer/signer-client';
import { SiiClient, type EstUpAnswer } from '../sii/sii-client';
import { BoletaClient } from '../sii/boleta.client';

/** What one upload sends: the tenant's stored bytes, sent by the certificate holder `rutEnvia` (`12345678-9`). */
export interface EnvioSubible {
  tenant: string;
  rutEnvia: string;
  filename: string;
  xml: Buffer;
}

/** A failed upload as the submission records it: `signed` when it was never sent (queued again), else `upload_failed`. */
export interface FalloEnvio {
  problem: ProblemException;
  estado: 'signed' | 'upload_failed';
  /** The problem's members without type, title and instance, for the history row and the `error` column. */
  body: Record<string, unknown>;
}

/** The steps every submission to the SII shares (docs/tax-gateway.md "Submission pipeline"); the stores keep the states. */
@Injectable()
export class EnvioPipeline {
  private readonly logger = new Logger(EnvioPipeline.name);

  constructor(
    private readonly signer: SignerClient,
    private readonly sii: SiiClient,
    private readonly boletas: BoletaClient,
    private readonly tokens: TokenService,
  ) {}

  /** The signer's bytes, never re-serialized; 500 `xsd_invalid` (nothing stored or sent) when not valid against `schema`. */
  async signValidated(xml: Buffer, reference: string, schema: XsdSchemaName): Promise<Buffer> {
    const signed = await this.signer.signXml(xml, reference);
    const check = await validateXsd(signed, schema);
    if (!check.valid) {
      throw new ProblemException(
        500,
        'xsd_invalid',
        `The signed ${schema} does not validate against its XSD; nothing was stored or sent.`,
        {
          xsd_errors: check.errors.slice(0, 20),
        },
      );
    }
    return signed;
  }

  // DTEUpload (docs/research/sii-protocol.md §2.4). STATUS 99 (came before, e.g. after a lost answer) answers the earlier trackid once
  // QueryEstUp confirms the tenant's envío; otherwise 502 `sii_already_received`, for a person to look.
  async upload(e: EnvioSubible): Promise<string> {
    try {
      return await this.tokens.withToken(e.tenant, (token) =>
        this.sii.upload({ rutSender: e.rutEnvia, rutCompany: e.tenant, token, filename: e.filename, file: e.xml }),
      );
    } catch (err) {
      if (!(err instanceof ProblemException) || err.getProblem()['sii_status'] !== '99') throw err;
      return this.yaRecibido(e, err);
    }
  }

  /** The trackid of the earlier upload that STATUS 99 points at, once QueryEstUp knows it for the tenant. */
  private async yaRecibido(e: EnvioSubible, problem: ProblemException): Promise<string> {
    const detalles = (problem.getProblem()['sii_details'] as string[] | undefined) ?? [];
    const trackids = [...new Set(detalles.flatMap((d) => [...d.matchAll(/TRACKID\D{0,3}(\d{1,20})/gi)].map((m) => m[1])))];
    for (const trackid of trackids) {
      const conocido = await this.queryEstado(e.tenant, trackid).then(
        () => true,
        () => false,
      );
      if (!conocido) continue;
      this.logger.warn(
        `${e.filename} of ${e.tenant}: the SII had it already (STATUS 99), as trackid ${trackid}, which QueryEstUp confirms`,
      );
      return trackid;
    }
    throw new ProblemException(
      502,
      'sii_already_received',
      `The SII answered that ${e.filename} was already received (STATUS 99) without a trackid it confirms; check it on sii.cl before sending it again.`,
      { operation: 'DTEUpload', sii_status: '99', sii_details: detalles },
    );
  }

  /** An EnvioBOLETA to the boleta service, with the tenant's boleta token (docs/research/boletas.md §1.3): the 15-digit trackid. */
  uploadBoletas(e: EnvioSubible): Promise<string> {
    return this.tokens.withToken(
      e.tenant,
      (token) => this.boletas.upload({ rutSender: e.rutEnvia, rutCompany: e.tenant, token, filename: e.filename, file: e.xml }),
      'boleta',
    );
  }

  /** The boleta service's estado of the tenant's EnvioBOLETA `trackid` (docs/research/boletas.md §1.4). */
  queryEstadoBoletas(tenant: string, trackid: string): Promise<EstadoEnvioBoleta> {
    return this.tokens.withToken(tenant, (token) => this.boletas.getEstadoEnvio(tenant, trackid, token), 'boleta');
  }

  /** QueryEstUp (docs/research/sii-protocol.md §2.5) of the tenant's envío `trackid`. */
  queryEstado(tenant: string, trackid: string): Promise<EstUpAnswer> {
    return this.tokens.withToken(tenant, (token) => this.sii.getEstUp(tenant, trackid, token));
  }

  /** How a failed upload is recorded: never sent (the breaker refused it) is queued again as `signed`. */
  failureOf(err: unknown): FalloEnvio {
    const problem = ProblemException.of(err, 'The upload failed unexpectedly.');
    return { problem, estado: wasNotSent(problem) ? 'signed' : 'upload_failed', body: problem.toRecord() };
  }
}
