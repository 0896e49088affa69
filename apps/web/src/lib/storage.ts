/**
 * Browser storage that never throws: private browsing, a full quota or disabled storage must not
 * break the app, they only lose the remembered value.
 */
type Area = 'local' | 'session';

function area(name: Area): Storage | undefined {
  try {
    return name === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(name: Area, key: string): string | null {
  try {
    return area(name)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(name: Area, key: string, value: string): void {
  try {
    area(name)?.setItem(key, value);
  } catch {
    // Storage full or unavailable: the value is simply not remembered.
  }
}

export function removeStorage(name: Area, key: string): void {
  try {
    area(name)?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readJson(name: Area, key: string): unknown {
  const raw = readStorage(name, key);
  if (raw === null) return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}
