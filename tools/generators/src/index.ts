export { default as areaGenerator, type AreaSchema } from './area/generator';
