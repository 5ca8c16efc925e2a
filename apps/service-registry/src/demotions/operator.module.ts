import { Module } from '@nestjs/common';
import { RegistryPlatformModule } from '../registry-platform.module';
import { DemotionsModule } from './demotions.module';

/** What the operator command needs: the platform and the demotions, without the rest of the app. */
@Module({ imports: [RegistryPlatformModule, DemotionsModule] })
export class OperatorModule {}
