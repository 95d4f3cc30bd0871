import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssue } from '../../tuner/first-issue.js';

/** A schema of the kinds checkpoints are made of: objects, arrays, optional and nullable members, a default. */
const schema = z.object({
  name: z.string(),
  scores: z.array(z.number().int()),
  nested: z.object({ flags: z.array(z.boolean()).optional(), level: z.number().nullable() }).optional(),
  mode: z.enum(['a', 'b']).default('a'),
  rows: z.array(z.array(z.number())),
});

/** Values near the schema's: right, wrong in one place, or anything at all. */
const nearArb = fc.oneof(
  fc.anything(),
  fc.record(
    {
      name: fc.oneof(fc.string(), fc.anything()),
      scores: fc.oneof(fc.array(fc.integer()), fc.array(fc.oneof(fc.integer(), fc.double(), fc.string()))),
      nested: fc.oneof(
        fc.constant(undefined),
        fc.record({
          flags: fc.array(fc.oneof(fc.boolean(), fc.nat())),
          level: fc.oneof(fc.constant(null), fc.double()),
        }),
        fc.anything(),
      ),
      mode: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.constant(undefined)),
      rows: fc.array(fc.array(fc.oneof(fc.double(), fc.constant('x')))),
    },
    { requiredKeys: [] },
  ),
);

describe('firstIssue', () => {
  it('should find an issue exactly when zod refuses the value, and one that zod reports', () => {
    fc.assert(
      fc.property(nearArb, (value) => {
        const parsed = schema.safeParse(value);
        const found = firstIssue(schema, value);
        expect(found === undefined).toBe(parsed.success);
        if (parsed.success || found === undefined) return;
        const reported = parsed.error.issues.map((issue) => JSON.stringify([issue.path, issue.message]));
        expect(reported).toContain(JSON.stringify([found.path, found.message]));
      }),
    );
  });
});
