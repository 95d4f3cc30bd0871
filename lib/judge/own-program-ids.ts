/**
 * What names the programs of this tilefall process apart from every other's: its pid and start
 * time, which no other process of the machine shares while it runs.
 */
import { PROC_SUPPORTED, startOf } from './process-table.js';

/** When this tilefall process started (clock ticks since boot; 0 without /proc). */
export const OWN_START: number = PROC_SUPPORTED ? (startOf(process.pid) ?? 0) : 0;

/** The start of every program id this tilefall process gives: its pid and start time. */
export const OWN_PROGRAM_IDS: string = `${process.pid}-${OWN_START}-`;
