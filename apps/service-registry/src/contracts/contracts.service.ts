import { Injectable } from '@nestjs/common';
import { ProblemException } from '@lib/schemas';
import { ROLES, requireRole, type Viewer } from '../access/viewer';
import { Clock, isoOrNull } from '../clock/clock';
import type { Tx } from '../database/tx';
import { ServicesService } from '../services/services.service';
import type { ContractEntity, CreditHoldEntity } from './contract.entity';
import { ContractsStore } from './contracts.store';
import type { CreateContractDto, CreateHoldDto } from './dto/contracts.dto';
import type { ContractView, DeactivationView } from './dto/contract.view';

@Injectable()
export class ContractsService {
  constructor(
    private readonly store: ContractsStore,
    private readonly services: ServicesService,
    private readonly clock: Clock,
  ) {}

  async create(slug: string, dto: CreateContractDto, viewer: Viewer): Promise<ContractView> {
    const service = await this.services.findVisibleFor(slug, viewer, [ROLES.admin, ROLES.superadmin], 'create a contract');
    if (!service.is_active) throw new ProblemException(409, 'service_inactive', `${slug} is inactive; it takes no new contracts.`);
    const row = await this.store.insertContract({
      service_id: service.id,
      customer: dto.customer,
      is_active: true,
      created_at: this.clock.now(),
    });
    return toContractView(row, []);
  }

  async hold(contractId: string, dto: CreateHoldDto, viewer: Viewer): Promise<ContractView> {
    requireRole(viewer, [ROLES.admin, ROLES.superadmin], 'hold credits');
    const now = this.clock.now();
    await this.store.transaction(async (tx) => {
      const contract = await this.store.lockContract(tx, contractId);
      if (!contract) throw new ProblemException(404, 'not_found', `No contract ${contractId}.`);
      if (!contract.is_active) throw new ProblemException(409, 'contract_inactive', `Contract ${contractId} is inactive.`);
      const hold = await this.store.insertHold(tx, {
        contract_id: contract.id,
        amount: String(dto.amount),
        state: 'held',
        reference: dto.reference ?? null,
        created_at: now,
      });
      await this.store.insertTransaction(tx, {
        hold_id: hold.id,
        contract_id: contract.id,
        kind: 'hold',
        amount: hold.amount,
        reason: dto.reference ?? null,
        actor: viewer.actor,
        created_at: now,
      });
    });
    return this.get(contractId);
  }

  async listForService(slug: string, viewer: Viewer): Promise<ContractView[]> {
    const service = await this.services.findVisible(slug, viewer);
    const contracts = await this.store.listContracts(service.id);
    const holds = await this.store.listHolds(contracts.map((c) => c.id));
    return contracts.map((c) =>
      toContractView(
        c,
        holds.filter((h) => h.contract_id === c.id),
      ),
    );
  }

  async get(contractId: string): Promise<ContractView> {
    const contract = await this.store.getContract(contractId);
    const holds = await this.store.listHolds([contractId]);
    return toContractView(contract, holds);
  }

  /** Every active contract becomes inactive and every held credit is released (a unique index allows one release per hold). */
  async deactivateForService(tx: Tx, serviceId: string, reason: string, actor: string, now: Date): Promise<DeactivationView> {
    const contracts = await this.store.lockActiveContracts(tx, serviceId);
    const summary: DeactivationView = { contracts_deactivated: contracts.length, holds_released: 0, amount_released: 0 };
    if (contracts.length === 0) return summary;
    const ids = contracts.map((c) => c.id);
    await this.store.deactivateContracts(tx, ids, reason, now);
    const holds = await this.store.lockHeldHolds(tx, ids);
    for (const hold of holds) {
      await this.store.insertTransaction(tx, {
        hold_id: hold.id,
        contract_id: hold.contract_id,
        kind: 'release',
        amount: hold.amount,
        reason,
        actor,
        created_at: now,
      });
      await this.store.markReleased(tx, hold.id, now);
      summary.holds_released += 1;
      summary.amount_released += Number(hold.amount);
    }
    return summary;
  }
}

function toContractView(c: ContractEntity, holds: CreditHoldEntity[]): ContractView {
  return {
    id: c.id,
    service_id: c.service_id,
    customer: c.customer,
    is_active: c.is_active,
    created_at: new Date(c.created_at).toISOString(),
    deactivated_at: isoOrNull(c.deactivated_at),
    deactivation_reason: c.deactivation_reason,
    holds: holds.map((h) => ({
      id: h.id,
      amount: Number(h.amount),
      state: h.state,
      reference: h.reference,
      released_at: isoOrNull(h.released_at),
    })),
  };
}
