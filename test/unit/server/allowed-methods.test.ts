import { describe, expect, it } from 'vitest';
import { AllowedMethods } from '../../../src-main/server/allowed-methods';

describe('AllowedMethods', () => {
  const rules = new AllowedMethods();
  rules.add('/app/keys.json', ['GET', 'HEAD']);
  rules.add('/app/jobs/:id.json', ['GET', 'HEAD']);
  rules.add('/app/jobs/:id/cancel.json', ['POST']);

  it('finds a path given whole', () => {
    expect(rules.find('/app/keys.json')).toEqual({ url: '/app/keys.json', allowed: ['GET', 'HEAD'] });
    expect(rules.find('/app/keys.xml')).toBeUndefined();
    expect(rules.find('/app/keys.json/')).toBeUndefined();
  });

  it('reads :name as one path segment, or its start before a suffix, as the router does', () => {
    expect(rules.find('/app/jobs/0123abcd.json')?.url).toBe('/app/jobs/:id.json');
    expect(rules.find('/app/jobs/0123abcd/cancel.json')?.url).toBe('/app/jobs/:id/cancel.json');
    expect(rules.find('/app/jobs/a/b.json')).toBeUndefined();
    expect(rules.find('/app/jobs/.json')).toBeUndefined();
  });

  it('takes the dot of a suffix as a dot, not as any character', () => {
    expect(rules.find('/app/jobs/0123abcdxjson')).toBeUndefined();
    expect(rules.find('/app/keysxjson')).toBeUndefined();
  });
});
