import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { EmisorEntity } from './entities/emisor.entity';

@Injectable()
export class EmisoresStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  find(tenant: string): Promise<EmisorEntity | null> {
    return this.db.getRepository(EmisorEntity).findOneBy({ tenant });
  }

  async upsert(row: QueryDeepPartialEntity<EmisorEntity> & { tenant: string }): Promise<void> {
    await this.db.getRepository(EmisorEntity).upsert(row, ['tenant']);
  }
}
