import { FieldValue, type DocumentReference, type DocumentSnapshot, type WriteBatch } from 'firebase-admin/firestore';
import { PROJECT_COLLECTION } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { ApiError } from '../lib/api-error.js';
import { aiMonthlyTokenBudget, aiUserCallsPerMinute } from '../config.js';

/**
 * Cost and limits of the AI calls:
 * - project/{p}/ai-usage/{id}: one record per model call (user, project, model, tokens in and out,
 *   latency, outcome), written here only (firestore.rules: admins read, nobody writes);
 * - project/{p}/ai-usage-month/{YYYY-MM}: the month's token total, checked against the budget
 *   (project/{p}.aiMonthlyTokenBudget, else the AI_MONTHLY_TOKEN_BUDGET param) before each call;
 * - ai-rate-limit/{uid}_{minute}: the assistant calls a user started in a minute (UTC).
 * The budget is checked before a call and counted after it, so calls already under way when the
 * budget runs out may pass it by their own tokens (a few thousand at most).
 */
export const AI_USAGE_COLLECTION = 'ai-usage';
export const AI_USAGE_MONTH_COLLECTION = 'ai-usage-month';
export const AI_RATE_LIMIT_COLLECTION = 'ai-rate-limit';

export type UsageOutcome = 'ok' | 'tool_call' | 'refusal' | 'length' | 'content_filter' | 'timeout' | 'aborted' | 'error';

export interface UsageRecord {
  project: string;
  caller: { uid: string; email: string | null };
  purpose: string;
  model: string;
  tokensIn: number;
  tokensOut: number;
  latencyMs: number;
  outcome: UsageOutcome;
  error?: string;
}

export const monthKey = (date = new Date()) => date.toISOString().slice(0, 7);

const projectRef = (project: string) => firestore.collection(PROJECT_COLLECTION).doc(project);

export const budgetExceededMessage = (used: number, budget: number, month: string) =>
  `Orçamento mensal de IA do projeto esgotado: ${used.toLocaleString('pt-BR')} de ${budget.toLocaleString('pt-BR')} tokens usados em ${month}. Fale com um administrador para ampliar o limite.`;

/**
 * What the budget check reads — the store (its own budget) and the month's total — for a caller
 * that reads them in its own round trip; budgetError then judges the snapshots.
 */
export function budgetRefs(project: string, month = monthKey()): [DocumentReference, DocumentReference] {
  return [projectRef(project), projectRef(project).collection(AI_USAGE_MONTH_COLLECTION).doc(month)];
}

/** The store's monthly token budget: its own, else the AI_MONTHLY_TOKEN_BUDGET param. */
export function projectBudget(store: DocumentSnapshot): number {
  const own = store.get('aiMonthlyTokenBudget');
  return typeof own === 'number' && own >= 0 ? own : aiMonthlyTokenBudget();
}

/** The 429 of a project that spent its month's tokens, or null. */
export function budgetError(store: DocumentSnapshot, usage: DocumentSnapshot, month: string): ApiError | null {
  const budget = projectBudget(store);
  const used = Number(usage.get('tokens') ?? 0);
  return used >= budget ? new ApiError(429, budgetExceededMessage(used, budget, month)) : null;
}

/** 429 when the project spent its month's tokens. */
export async function checkBudget(project: string): Promise<void> {
  const month = monthKey();
  const [store, usage] = await firestore.getAll(...budgetRefs(project, month));
  const exceeded = budgetError(store!, usage!, month);
  if (exceeded) throw exceeded;
}

/**
 * The usage record of one call and the month's total, in one batch — with the caller's own
 * writes (`alongside`), so that a text and the record of what it cost are stored together.
 */
export async function recordUsage(record: UsageRecord, alongside?: (batch: WriteBatch) => void): Promise<void> {
  const month = monthKey();
  const base = projectRef(record.project);
  const tokens = record.tokensIn + record.tokensOut;
  const batch = firestore.batch();
  alongside?.(batch);
  batch.create(base.collection(AI_USAGE_COLLECTION).doc(), {
    uid: record.caller.uid,
    email: record.caller.email,
    project: record.project,
    purpose: record.purpose,
    model: record.model,
    tokensIn: record.tokensIn,
    tokensOut: record.tokensOut,
    latencyMs: record.latencyMs,
    outcome: record.outcome,
    ...(record.error ? { error: record.error } : {}),
    month,
    at: FieldValue.serverTimestamp(),
  });
  batch.set(
    base.collection(AI_USAGE_MONTH_COLLECTION).doc(month),
    { tokens: FieldValue.increment(tokens), calls: FieldValue.increment(1), updatedAt: FieldValue.serverTimestamp() },
    { merge: true },
  );
  await batch.commit();
}

export const rateLimitedMessage = (limit: number) =>
  `Muitas solicitações ao assistente de IA (limite de ${limit} por minuto). Aguarde um minuto e tente novamente.`;

/**
 * Counts one assistant call of `uid` in the current minute; 429 past the limit. An atomic
 * increment then a read (no transaction: a user's parallel calls would contend on one document);
 * concurrent calls may see each other's counts, so the limit errs on the strict side.
 */
export async function takeUserCall(uid: string, now = Date.now()): Promise<void> {
  const limit = aiUserCallsPerMinute();
  const minute = Math.floor(now / 60_000);
  const ref = firestore.collection(AI_RATE_LIMIT_COLLECTION).doc(`${uid}_${minute}`);
  await ref.set({ uid, minute, count: FieldValue.increment(1), expiresAt: new Date((minute + 2) * 60_000) }, { merge: true });
  const count = Number((await ref.get()).get('count') ?? 0);
  if (count > limit) throw new ApiError(429, rateLimitedMessage(limit));
}
