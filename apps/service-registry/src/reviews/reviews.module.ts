import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClockModule } from '../clock/clock.module';
import { ServicesModule } from '../services/services.module';
import { ReviewEntity } from './review.entity';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';

/** Superadmin reviews of the promotions to beta and public. */
@Module({
  imports: [ClockModule, ServicesModule, TypeOrmModule.forFeature([ReviewEntity])],
  controllers: [ReviewsController],
  providers: [ReviewsService],
  exports: [ReviewsService],
})
export class ReviewsModule {}
