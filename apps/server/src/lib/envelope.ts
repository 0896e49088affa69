/** Helpers that build the success envelope and its response schema for routes. */
import { envelope } from '@khela/contract/envelope';
import type { z } from 'zod';

export const ok = <T>(value: T) => ({ success: true as const, value });

/** Response schemas for a route: the success envelope under 200. Errors share one handler. */
export const okSchema = <T extends z.ZodType>(value: T) => ({ 200: envelope(value) });
