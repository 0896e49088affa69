/** Helpers that build the success envelope and its response schema for routes. */
import { envelope } from '@khela/contract/envelope';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export const ok = <T>(value: T) => ({ success: true as const, value });

/** Response schemas for a route: the success envelope under 200. Errors share one handler. */
export const okSchema = <T extends z.ZodType>(value: T) => ({ 200: envelope(value) });

/** The success envelope around a value already serialised (a cached answer). */
export const okJson = (valueJson: string) => `{"success":true,"value":${valueJson}}`;

/**
 * Sends ready-made JSON (a string or its UTF-8 bytes). Fastify passes these through without
 * serialising them, so
 * the hottest calls skip the response schema; it still documents them, and the route's tests
 * check the answer against it.
 */
export const sendJson = (reply: FastifyReply, json: string | Buffer) =>
  reply.type('application/json; charset=utf-8').send(json);
