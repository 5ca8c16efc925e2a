import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, MoreThanOrEqual } from 'typeorm';
import { ReviewEntity } from './review.entity';

/** Persistence of the promotion reviews. */
@Injectable()
export class ReviewsStore {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  insert(fields: Partial<ReviewEntity>): Promise<ReviewEntity> {
    const repo = this.db.getRepository(ReviewEntity);
    return repo.save(repo.create(fields));
  }

  /** Newest first. */
  listReviews(serviceId: string): Promise<ReviewEntity[]> {
    return this.db.getRepository(ReviewEntity).find({ where: { service_id: serviceId }, order: { id: 'DESC' } });
  }

  /** The newest review of a service for `target` given at `since` or later. */
  findNewestSince(serviceId: string, target: 'beta' | 'public', since: Date): Promise<ReviewEntity | null> {
    return this.db.getRepository(ReviewEntity).findOne({
      where: { service_id: serviceId, target, created_at: MoreThanOrEqual(since) },
      order: { id: 'DESC' },
    });
  }
}
