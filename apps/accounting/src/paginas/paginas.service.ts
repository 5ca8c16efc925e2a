import { Injectable } from '@nestjs/common';
import type { OidcPrincipal } from '@lib/auth';
import { ProblemException } from '@lib/schemas';
import { AccountingStore } from '../common/accounting.store';
import { BalanceReportService } from '../reportes/balance.report';
import { EstadoResultadosReportService } from '../reportes/estado-resultados.report';
import { F29BorradorReportService } from '../reportes/f29-borrador.report';
import { LibroMayorReportService } from '../reportes/libro-mayor.report';
import { RcvService } from '../rcv/rcv.service';
import { requireLector } from './acceso';
import { layout, type SeccionPagina, TITULOS } from './layout';
import { balanceHtml, f29Html, mayorHtml, rcvHtml, resultadosHtml } from './render';

/** The empresa a page names (no query of its own: the shared lookup). */
@Injectable()
export class PaginasStore extends AccountingStore {}

/** Server-rendered reports for people (docs/accounting.md "Reporting pages"): the same figures as the JSON reports. */
@Injectable()
export class PaginasService {
  constructor(
    private readonly store: PaginasStore,
    private readonly balance: BalanceReportService,
    private readonly resultados: EstadoResultadosReportService,
    private readonly mayor: LibroMayorReportService,
    private readonly f29: F29BorradorReportService,
    private readonly rcv: RcvService,
  ) {}

  /** @throws 401/403 (acceso.ts), 404 `not_found`, the reports' 400/422 for the periodo. */
  async render(empresaId: string, seccion: SeccionPagina, periodo: string, user: OidcPrincipal | undefined): Promise<string> {
    // Signed in first: an anonymous request learns nothing of which empresas exist.
    if (!user) requireLector(user, '');
    const empresa = await this.store.requireEmpresa(empresaId);
    requireLector(user, empresa.rut);
    return layout({ titulo: TITULOS[seccion], empresa, periodo, cuerpo: await this.cuerpo(empresa.id, seccion, periodo) });
  }

  private async cuerpo(empresaId: string, seccion: SeccionPagina, periodo: string) {
    switch (seccion) {
      case 'balance':
        return balanceHtml(await this.balance.build(empresaId, periodo));
      case 'resultados':
        return resultadosHtml(await this.resultados.build(empresaId, periodo));
      case 'mayor':
        return mayorHtml(await this.mayor.build(empresaId, periodo));
      case 'f29':
        return f29Html(await this.f29.build(empresaId, periodo));
      case 'rcv':
        return rcvHtml(
          await this.rcv.conciliacion(empresaId, periodo).catch((err: unknown) => {
            if (err instanceof ProblemException && err.error === 'conciliacion_not_found') return undefined;
            throw err;
          }),
        );
    }
  }
}
