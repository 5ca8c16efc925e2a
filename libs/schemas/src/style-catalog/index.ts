export * from './constants';
export * from './style-catalog.types';
export * from './style-catalog.schema';
export * from './validate';
export * from './consistency';
