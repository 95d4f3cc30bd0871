// The program's environment: tilefall's own, never a variable the job queue reads, whatever else
// is set and whatever the judge adds, and always the program's id.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passedToPrograms, programEnvironment } from '../../lib/judge/program-environment.js';
import { REDIS_PASSWORD_VARIABLE } from '../../lib/node/redis-queue.js';

const name = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/);
const variables = fc.dictionary(name, fc.string(), { maxKeys: 8 });

describe('programEnvironment', () => {
  it("should keep tilefall's variables and the judge's, withhold the queue's, and add the id", () => {
    fc.assert(
      fc.property(variables, variables, (base, given) => {
        const queue = { [REDIS_PASSWORD_VARIABLE]: 'secret', TILEFALL_REDIS_URL: 'redis://:pw@host' };
        const env = programEnvironment('7-8-0-1', { ...given, ...queue }, { ...base, ...queue });
        expect(env).not.toHaveProperty(REDIS_PASSWORD_VARIABLE);
        expect(env).not.toHaveProperty('TILEFALL_REDIS_URL');
        expect(env.TILEFALL_PROGRAM_ID).toBe('7-8-0-1');
        for (const [key, value] of Object.entries(given)) {
          if (key !== 'TILEFALL_PROGRAM_ID') expect(env[key]).toBe(value);
        }
        for (const key of Object.keys(base)) expect(key in env).toBe(true);
      }),
    );
  });

  it('should withhold the password however its name is written', () => {
    expect(passedToPrograms('tilefall_redis_password')).toBe(false);
    expect(passedToPrograms('TILEFALL_REDIS_PASSWORD')).toBe(false);
    expect(passedToPrograms('TILEFALL_PARAMS')).toBe(true);
    expect(passedToPrograms('REDIS_PASSWORD')).toBe(true);
  });
});
