import { healthzUrl } from './health-probe';

describe('healthzUrl', () => {
  it.each([
    ['http://svc:8200', 'http://svc:8200/healthz'],
    ['http://svc:8200/', 'http://svc:8200/healthz'],
    ['http://svc:8200/api', 'http://svc:8200/api/healthz'],
    ['http://svc:8200/healthz', 'http://svc:8200/healthz'],
    ['https://svc.example/x/healthz/', 'https://svc.example/x/healthz/'],
  ])('%s -> %s', (input, expected) => {
    expect(healthzUrl(input)).toBe(expected);
  });
});
