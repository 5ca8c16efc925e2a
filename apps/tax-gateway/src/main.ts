import 'reflect-metadata';
import { bootstrapApp } from '@lib/platform';
import { AppModule } from './app.module';
import { appOptions } from './config';

void bootstrapApp(AppModule, appOptions);
