/** Argument checks: wrong types or shapes fail with `bad-args` before any work is done. */

import { BridgeError } from './errors';

export function readArgs(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new BridgeError('bad-args', 'args must be an object');
  return raw as Record<string, unknown>;
}

export function optionalNumber(args: Record<string, unknown>, key: string): number | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || !Number.isInteger(value))
    throw new BridgeError('bad-args', `${key} must be an integer, got ${JSON.stringify(value)}`);
  return value;
}

export function requireNumber(args: Record<string, unknown>, key: string): number {
  const value = optionalNumber(args, key);
  if (value === undefined) throw new BridgeError('bad-args', `${key} is required`);
  return value;
}

export function optionalString(args: Record<string, unknown>, key: string): string | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new BridgeError('bad-args', `${key} must be a string, got ${JSON.stringify(value)}`);
  return value;
}

export function requireString(args: Record<string, unknown>, key: string): string {
  const value = optionalString(args, key);
  if (value === undefined) throw new BridgeError('bad-args', `${key} is required`);
  return value;
}

export function requireStringArray(args: Record<string, unknown>, key: string): string[] {
  const value = args[key];
  if (!Array.isArray(value) || !value.every(v => typeof v === 'string'))
    throw new BridgeError('bad-args', `${key} must be an array of strings`);
  return value as string[];
}

export function optionalStringArray(args: Record<string, unknown>, key: string): string[] | undefined {
  if (args[key] === undefined || args[key] === null) return undefined;
  return requireStringArray(args, key);
}

export function optionalBoolean(args: Record<string, unknown>, key: string): boolean | undefined {
  const value = args[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw new BridgeError('bad-args', `${key} must be true or false, got ${JSON.stringify(value)}`);
  return value;
}

/** A finite number, not necessarily an integer (coordinates). */
export function requireFiniteNumber(args: Record<string, unknown>, key: string): number {
  const value = args[key];
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new BridgeError('bad-args', `${key} must be a finite number, got ${JSON.stringify(value)}`);
  return value;
}
