import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import type { Tx } from '../database/tx';
import { ContractEntity, CreditHoldEntity, CreditTransactionEntity } from './contract.entity';

/** Persistence of contracts, credit holds and the append-only credit transactions. */
@Injectable()
export class ContractsStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  insertContract(fields: Partial<ContractEntity>): Promise<ContractEntity> {
    const repo = this.db.getRepository(ContractEntity);
    return repo.save(repo.create(fields));
  }

  getContract(id: string): Promise<ContractEntity> {
    return this.db.getRepository(ContractEntity).findOneByOrFail({ id });
  }

  lockContract(tx: Tx, id: string): Promise<ContractEntity | null> {
    return tx.findOne(ContractEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Oldest first. */
  listContracts(serviceId: string): Promise<ContractEntity[]> {
    return this.db.getRepository(ContractEntity).find({ where: { service_id: serviceId }, order: { created_at: 'ASC' } });
  }

  /** Holds of the contracts, oldest first. */
  async listHolds(contractIds: string[]): Promise<CreditHoldEntity[]> {
    if (contractIds.length === 0) return [];
    return this.db.getRepository(CreditHoldEntity).find({ where: { contract_id: In(contractIds) }, order: { created_at: 'ASC' } });
  }

  insertHold(tx: Tx, fields: Partial<CreditHoldEntity>): Promise<CreditHoldEntity> {
    return tx.save(tx.create(CreditHoldEntity, fields));
  }

  insertTransaction(tx: Tx, fields: Partial<CreditTransactionEntity>): Promise<CreditTransactionEntity> {
    return tx.save(tx.create(CreditTransactionEntity, fields));
  }

  lockActiveContracts(tx: Tx, serviceId: string): Promise<ContractEntity[]> {
    return tx.find(ContractEntity, { where: { service_id: serviceId, is_active: true }, lock: { mode: 'pessimistic_write' } });
  }

  async deactivateContracts(tx: Tx, ids: string[], reason: string, now: Date): Promise<void> {
    await tx.update(ContractEntity, { id: In(ids) }, { is_active: false, deactivated_at: now, deactivation_reason: reason });
  }

  lockHeldHolds(tx: Tx, contractIds: string[]): Promise<CreditHoldEntity[]> {
    return tx.find(CreditHoldEntity, { where: { contract_id: In(contractIds), state: 'held' }, lock: { mode: 'pessimistic_write' } });
  }

  async markReleased(tx: Tx, holdId: string, now: Date): Promise<void> {
    await tx.update(CreditHoldEntity, { id: holdId }, { state: 'released', released_at: now });
  }
}
