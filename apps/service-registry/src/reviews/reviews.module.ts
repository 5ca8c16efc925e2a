import { Module } from '@nestjs/common';
import { ClockModule } from '../clock/clock.module';
import { ServicesModule } from '../services/services.module';
import { ReviewsController } from './reviews.controller';
import { ReviewsService } from './reviews.service';
import { ReviewsStore } from './reviews.store';

/** Superadmin reviews of the promotions to beta and public. */
@Module({
  imports: [ClockModule, ServicesModule],
  controllers: [ReviewsController],
  providers: [ReviewsService, ReviewsStore],
  exports: [ReviewsService],
})
export class ReviewsModule {}
