/**
 * One action as a bot prints it: `x y [message]`. The referee splits it on whitespace into
 * x, y and an optional free-text message that the rules ignore.
 */
import { err, ok, type Result } from '../../core/result.js';
import { READINGS } from './readings.js';

/** A parsed action: the target cell and the bot's optional debug message. */
export interface Action {
  readonly x: number;
  readonly y: number;
  readonly message: string;
}

/** Why an action cannot be read: an empty line, or x / y missing or not integers. */
export type ActionErrorCode = 'empty-action' | 'format';

/** An unreadable action, with the referee's message. */
export interface ActionError {
  readonly code: ActionErrorCode;
  readonly message: string;
}

/** The referee's text for an action it cannot read. */
export const FORMAT_MESSAGE = "Action not properly formatted. Should be: 'x y [message];'";
/** The referee's text for an empty line in the multi-turn protocol. */
export const EMPTY_ACTION_MESSAGE = 'Empty action provided.';

// READINGS.coordinatePattern: read as Java's Integer.parseInt reads them, within 32 bits.
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

function parseJavaInt(token: string | undefined): number | undefined {
  if (token === undefined || !READINGS.coordinatePattern.test(token)) return undefined;
  const n = Number(token);
  return n >= INT32_MIN && n <= INT32_MAX ? n : undefined;
}

/** Reads one action; the text is trimmed first, as the referee does. */
export function parseAction(text: string): Result<Action, ActionError> {
  const trimmed = text.trim();
  if (trimmed === '') return err({ code: 'empty-action', message: EMPTY_ACTION_MESSAGE });
  const match = /^(\S+)(?:\s+(\S+))?(?:\s+([\s\S]*))?$/.exec(trimmed)!;
  const x = parseJavaInt(match[1]);
  const y = parseJavaInt(match[2]);
  if (x === undefined || y === undefined) return err({ code: 'format', message: FORMAT_MESSAGE });
  return ok({ x, y, message: match[3] ?? '' });
}
