import { Injectable } from '@nestjs/common';
import { GatewayClient } from '../gateway/gateway.client';
import { F29BorradorReportService } from './f29-borrador.report';
import { ReportesStore } from './reportes.store';
import { F29ComparacionView } from './dto/f29-comparacion.view';

/**
 * The F29 draft from the books beside the F29 the SII has on record for the same month, read from the company's carpeta tributaria
 * through the gateway (docs/accounting.md "F29 from the books"): código by código, a difference marked. The SII writes some códigos
 * without their leading zero (`91` for 091), so both are compared by number.
 */
@Injectable()
export class F29ComparacionReportService {
  constructor(
    private readonly f29: F29BorradorReportService,
    private readonly store: ReportesStore,
    private readonly gateway: GatewayClient,
  ) {}

  /** @throws the draft's 400/404, and the gateway's failures (502/503/504). */
  async build(empresaId: string, periodo: string): Promise<F29ComparacionView> {
    const libros = await this.f29.build(empresaId, periodo);
    const empresa = await this.store.requireEmpresa(empresaId);
    // The last one of the period: a rectification follows the original.
    const declarada = (await this.gateway.fetchF29Declarados(empresa.rut))
      .filter((d) => d.periodo === libros.periodo && d.declarada)
      .at(-1);
    const campos = new Map(Object.entries(declarada?.campos ?? {}).map(([k, v]) => [String(Number(k)), v]));
    const codigos = libros.codigos.map((c) => {
      const texto = campos.get(String(Number(c.codigo)));
      const sii = texto === undefined || !/^-?\d+(\.\d+)?$/.test(texto.trim()) ? null : Number(texto);
      return { codigo: c.codigo, glosa: c.glosa, libros: c.valor, sii, difiere: sii === null ? c.valor !== 0 : sii !== c.valor };
    });
    return {
      empresa_id: empresaId,
      periodo: libros.periodo,
      declarada: !!declarada,
      formulario: declarada?.formulario ?? null,
      diferencias: declarada ? codigos.filter((c) => c.difiere).length : 0,
      codigos: declarada ? codigos : codigos.map((c) => ({ ...c, difiere: false })),
    };
  }
}
