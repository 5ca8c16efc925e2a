export * from './checklists';
export * from './evidence';
