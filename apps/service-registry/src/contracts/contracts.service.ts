import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { ProblemException } from '@lib/schemas';
import { ROLES, requireRole, type Viewer } from '../access/viewer';
import { Clock } from '../clock/clock';
import { ServicesService } from '../services/services.service';
import { ContractEntity, CreditHoldEntity, CreditTransactionEntity } from './contract.entity';
import type { CreateContractDto, CreateHoldDto } from './dto/contracts.dto';
import type { ContractView, DeactivationSummary } from './dto/contract.view';

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/** Contracts of services and the credits held against them. */
@Injectable()
export class ContractsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(ContractEntity) private readonly contracts: Repository<ContractEntity>,
    @InjectRepository(CreditHoldEntity) private readonly holds: Repository<CreditHoldEntity>,
    private readonly services: ServicesService,
    private readonly clock: Clock,
  ) {}

  async create(slug: string, dto: CreateContractDto, viewer: Viewer): Promise<ContractView> {
    const service = await this.services.findVisible(slug, viewer);
    requireRole(viewer, [ROLES.admin, ROLES.superadmin], 'create a contract');
    if (!service.is_active) throw new ProblemException(409, 'service_inactive', `${slug} is inactive; it takes no new contracts.`);
    const row = await this.contracts.save(
      this.contracts.create({ service_id: service.id, customer: dto.customer, is_active: true, created_at: this.clock.now() }),
    );
    return toContractView(row, []);
  }

  /** Holds credits against an active contract, with a `hold` transaction. */
  async hold(contractId: string, dto: CreateHoldDto, viewer: Viewer): Promise<ContractView> {
    requireRole(viewer, [ROLES.admin, ROLES.superadmin], 'hold credits');
    const now = this.clock.now();
    await this.dataSource.transaction(async (manager) => {
      const contract = await manager.findOne(ContractEntity, { where: { id: contractId }, lock: { mode: 'pessimistic_write' } });
      if (!contract) throw new ProblemException(404, 'not_found', `No contract ${contractId}.`);
      if (!contract.is_active) throw new ProblemException(409, 'contract_inactive', `Contract ${contractId} is inactive.`);
      const hold = await manager.save(
        manager.create(CreditHoldEntity, {
          contract_id: contract.id,
          amount: String(dto.amount),
          state: 'held',
          reference: dto.reference ?? null,
          created_at: now,
        }),
      );
      await manager.save(
        manager.create(CreditTransactionEntity, {
          hold_id: hold.id,
          contract_id: contract.id,
          kind: 'hold',
          amount: hold.amount,
          reason: dto.reference ?? null,
          actor: viewer.actor,
          created_at: now,
        }),
      );
    });
    return this.get(contractId);
  }

  async listForService(slug: string, viewer: Viewer): Promise<ContractView[]> {
    const service = await this.services.findVisible(slug, viewer);
    const contracts = await this.contracts.find({ where: { service_id: service.id }, order: { created_at: 'ASC' } });
    const holds =
      contracts.length === 0
        ? []
        : await this.holds.find({
            where: { contract_id: In(contracts.map((c) => c.id)) },
            order: { created_at: 'ASC' },
          });
    return contracts.map((c) =>
      toContractView(
        c,
        holds.filter((h) => h.contract_id === c.id),
      ),
    );
  }

  async get(contractId: string): Promise<ContractView> {
    const contract = await this.contracts.findOneByOrFail({ id: contractId });
    const holds = await this.holds.find({ where: { contract_id: contractId }, order: { created_at: 'ASC' } });
    return toContractView(contract, holds);
  }

  /**
   * Inside the caller's transaction: every active contract of the service becomes inactive and every
   * held credit is released by a `release` transaction (append-only; a unique index allows one
   * release per hold).
   */
  async deactivateForService(
    manager: EntityManager,
    serviceId: string,
    reason: string,
    actor: string,
    now: Date,
  ): Promise<DeactivationSummary> {
    const contracts = await manager.find(ContractEntity, {
      where: { service_id: serviceId, is_active: true },
      lock: { mode: 'pessimistic_write' },
    });
    const summary: DeactivationSummary = { contracts_deactivated: contracts.length, holds_released: 0, amount_released: 0 };
    if (contracts.length === 0) return summary;
    const ids = contracts.map((c) => c.id);
    await manager.update(ContractEntity, { id: In(ids) }, { is_active: false, deactivated_at: now, deactivation_reason: reason });
    const holds = await manager.find(CreditHoldEntity, {
      where: { contract_id: In(ids), state: 'held' },
      lock: { mode: 'pessimistic_write' },
    });
    for (const hold of holds) {
      await manager.save(
        manager.create(CreditTransactionEntity, {
          hold_id: hold.id,
          contract_id: hold.contract_id,
          kind: 'release',
          amount: hold.amount,
          reason,
          actor,
          created_at: now,
        }),
      );
      await manager.update(CreditHoldEntity, { id: hold.id }, { state: 'released', released_at: now });
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
    deactivated_at: iso(c.deactivated_at),
    deactivation_reason: c.deactivation_reason,
    holds: holds.map((h) => ({
      id: h.id,
      amount: Number(h.amount),
      state: h.state,
      reference: h.reference,
      released_at: iso(h.released_at),
    })),
  };
}
