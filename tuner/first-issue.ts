/**
 * The first thing wrong in a large value, found without building a list of every wrong thing: a
 * zod parse reports each issue of a value (its path, its message, its input), so a checkpoint of a
 * million bad records (`[{}, {}, …]`, well under the size cap) cost gigabytes and many seconds to
 * refuse, when only its first issue is ever shown. Objects and arrays are walked member by member,
 * each member checked alone, and the walk stops at the first issue.
 */
import { z } from 'zod';

/** An issue and where it is: the keys and indexes down to it. */
export interface FirstIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The schema a wrapper (optional, nullable, default) stands for, when `value` is not what it lets through itself. */
function unwrapped(schema: z.ZodType, value: unknown): z.ZodType | undefined {
  if (schema instanceof z.ZodOptional && value !== undefined) return schema.unwrap() as z.ZodType;
  if (schema instanceof z.ZodNullable && value !== null) return schema.unwrap() as z.ZodType;
  if (schema instanceof z.ZodDefault && value !== undefined) return schema.unwrap() as z.ZodType;
  return undefined;
}

/**
 * The first issue zod would report of `value` under `schema` (by members first, then the whole
 * when they all pass), or undefined when it parses. Only the members of plain objects and arrays
 * are walked; anything else is checked whole, which for a leaf costs one issue at most.
 */
export function firstIssue(schema: z.ZodType, value: unknown): FirstIssue | undefined {
  const found = firstMemberIssue(schema, value, []);
  if (found !== undefined) return found;
  // Every member passes: what is left to fail is the whole's own checks, a few issues at most.
  const parsed = schema.safeParse(value);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  return { path: issue.path, message: issue.message };
}

/** The first issue among the members of `value` (a leaf: of itself), at `path`; undefined when they pass. */
function firstMemberIssue(schema: z.ZodType, value: unknown, path: readonly PropertyKey[]): FirstIssue | undefined {
  const inner = unwrapped(schema, value);
  if (inner !== undefined) return firstMemberIssue(inner, value, path);
  if (schema instanceof z.ZodArray && Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstMemberIssue(schema.element as z.ZodType, value[i], [...path, i]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (schema instanceof z.ZodObject && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, member] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
      const found = firstMemberIssue(member, (value as Record<string, unknown>)[key], [...path, key]);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  return { path: [...path, ...issue.path], message: issue.message };
}
