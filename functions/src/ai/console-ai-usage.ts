import { consoleAiUsageEndpoint, type AiUsageAnswer } from '@console/shared';
import { firestore } from '../lib/admin.js';
import { AI_USAGE_COLLECTION, budgetRefs, monthKey, projectBudget } from './usage.js';
import { serve, type Handler } from '../lib/endpoint.js';

/**
 * GET /api/console/ai/usage?project (admins) — the project's AI use this month (UTC) from the usage
 * ledger (functions/src/ai/usage.ts): the month's total that the budget is checked against, the
 * budget and what is left, and the calls and tokens by purpose (assistant, each product text) from
 * the month's usage records. Shown to admins in the assistant panel (web/src/ai-assistant).
 */
export const handleConsoleAiUsage: Handler<typeof consoleAiUsageEndpoint> = async ({ project }): Promise<AiUsageAnswer> => {
  const month = monthKey();
  const [storeRef, monthRef] = budgetRefs(project, month);
  const [[store, total], records] = await Promise.all([
    firestore.getAll(storeRef, monthRef),
    storeRef.collection(AI_USAGE_COLLECTION).where('month', '==', month).select('purpose', 'tokensIn', 'tokensOut').get(),
  ]);
  const byPurpose = new Map<string, { purpose: string; calls: number; tokens: number }>();
  for (const record of records.docs) {
    const purpose = String(record.get('purpose') ?? '?');
    const row = byPurpose.get(purpose) ?? { purpose, calls: 0, tokens: 0 };
    row.calls += 1;
    row.tokens += Number(record.get('tokensIn') ?? 0) + Number(record.get('tokensOut') ?? 0);
    byPurpose.set(purpose, row);
  }
  const tokens = Number(total!.get('tokens') ?? 0);
  const budget = projectBudget(store!);
  return {
    month,
    tokens,
    calls: Number(total!.get('calls') ?? 0),
    budget,
    remaining: Math.max(0, budget - tokens),
    byPurpose: [...byPurpose.values()].sort((a, b) => b.tokens - a.tokens || a.purpose.localeCompare(b.purpose)),
  };
};

export const consoleAiUsage = serve(consoleAiUsageEndpoint, handleConsoleAiUsage);
