import { Injectable, Logger } from '@nestjs/common';
import { parseAec, validateXsd, type AecLeido } from '@lib/dte';
import { ProblemException } from '@lib/schemas';
import { SignerClient } from '../signer/signer-client';
import { CesionService } from './cesion.service';
import { CesionStore } from './cesion.store';
import { newCesion } from './cesion-vista';
import type { CesionView, RecibirAecDto } from './dto/cesion.dto';

/**
 * An AEC that assigns a document to the tenant (docs/tax-gateway.md "Cesión"): valid against AEC_v10.xsd (422 `aec_invalid`),
 * its last cesión's cesionario the tenant (422 `cesionario_mismatch`), the outer signature valid (422 `aec_signature_invalid`);
 * kept `recibido`, then EOK once the registry names the tenant the holder (getEstCesionRelac, now and by the reconciler).
 */
@Injectable()
export class CesionRecibida {
  private readonly logger = new Logger(CesionRecibida.name);

  constructor(
    private readonly store: CesionStore,
    private readonly cesiones: CesionService,
    private readonly signer: SignerClient,
  ) {}

  async recibir(dto: RecibirAecDto, caller?: string): Promise<CesionView> {
    const bytes = Buffer.from(dto.aec_base64, 'base64');
    const aec = await this.leer(bytes);
    const ultima = aec.cesiones[aec.cesiones.length - 1];
    if (ultima.cesionario.rut !== dto.tenant || aec.rut_cesionario !== dto.tenant) {
      const detail = `The AEC assigns the document to ${ultima.cesionario.rut}, not to ${dto.tenant}.`;
      throw new ProblemException(422, 'cesionario_mismatch', detail);
    }
    const firma = aec.id ? await this.signer.verifyXml(bytes, `#${aec.id}`) : { valid: false, reasons: ['no DocumentoAEC ID'] };
    if (!firma.valid) {
      throw new ProblemException(422, 'aec_signature_invalid', `The AEC's signature does not verify: ${firma.reasons.join('; ')}.`);
    }
    const entity = newCesion(dto.tenant, 'cesionario', ultima, bytes, 'recibido', caller);
    if (!(await this.store.insert(entity)))
      throw new ProblemException(409, 'cesion_already_registered', 'The tenant already holds this cesión.');
    try {
      await this.cesiones.follow(entity);
    } catch (err) {
      // Kept: the reconciler asks the registry again; the caller gets the row, not an SII failure for a file already stored.
      this.logger.warn({ err }, `cesión ${entity.id} received; the registry could not be asked yet`);
    }
    return this.cesiones.get(entity.id);
  }

  private async leer(bytes: Buffer): Promise<AecLeido> {
    const check = await validateXsd(bytes, 'AEC');
    if (!check.valid) {
      throw new ProblemException(422, 'aec_invalid', 'The file is not a valid AEC (AEC_v10.xsd).', {
        xsd_errors: check.errors.slice(0, 20),
      });
    }
    try {
      return parseAec(bytes);
    } catch (err) {
      throw new ProblemException(422, 'aec_invalid', `The file is not a readable AEC: ${(err as Error).message}`);
    }
  }
}
