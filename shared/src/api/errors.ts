import { z } from 'zod';

/** Every API error answers this JSON body with a non-2xx status. */
export const apiErrorSchema = z.object({ error: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;

/** GET /api/health */
export const healthResponseSchema = z.object({ ok: z.literal(true), service: z.string(), time: z.string() });
