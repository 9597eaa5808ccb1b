// The bench's parts (bench/run.mjs runs them; bench/parts.test.mjs checks this list against the
// README's table and the bench's scripts). `start` and `bundle` run inside run.mjs itself.
export const IN_PROCESS_PARTS = ['start', 'bundle'];

/**
 * The parts that run as processes of their own, in this order. Each starts its own stack (or
 * needs none) and is given an environment without any emulator's address: a part never reaches
 * (or waits on) the stack of a part before it, which has stopped. `minutes`: how long it may run
 * before it is stopped and counted as failed, so the whole bench finishes unattended.
 * @type {{ name: string, script: string, minutes: number, note: string }[]}
 */
export const PARTS = [
  { name: 'warehouse', script: 'bench/warehouse.mjs', minutes: 15, note: 'the warehouse queries, no emulators' },
  {
    name: 'load',
    script: 'bench/warehouse-load.mjs',
    minutes: 15,
    note: 'its own stack: fifty concurrent warehouse-backed API calls vs the same calls in sequence',
  },
  {
    name: 'load',
    script: 'bench/cold-start.mjs',
    minutes: 10,
    note: 'its own stack (workers not warmed): time to the first answer of a new worker, a small function and a big one',
  },
  { name: 'form', script: 'bench/document-form.mjs', minutes: 10, note: 'the document form in headless chromium' },
  {
    name: 'csv',
    script: 'bench/csv-import.mjs',
    minutes: 20,
    note: 'its own stack: 10,000 products through the import dialog vs bare Admin SDK writes, and the export',
  },
  { name: 'bulk', script: 'bench/bulk-sync.mjs', minutes: 10, note: 'the bulk sync engine against a sandbox at 100 ms per call: codes/s over N / (T + 0.4 s)' },
  { name: 'sync', script: 'bench/sync-pipeline.mjs', minutes: 15, note: 'its own stack: the full pipeline ERP → warehouse → Firestore per code' },
  { name: 'upload', script: 'bench/upload.mjs', minutes: 10, note: 'its own stack: 20 MB with uploadBytesResumable (signed in, rules on) vs one bare POST' },
  {
    name: 'whatsapp',
    script: 'bench/whatsapp.mjs',
    minutes: 20,
    note: "its own stack: 5,000 recipients through 'Enviar', the send job and the Graph API sandbox",
  },
  { name: 'conditions', script: 'bench/conditions.mjs', minutes: 15, note: 'condition SQL and the editor, its own Firestore' },
  {
    name: 'readiness',
    script: 'bench/readiness.mjs',
    minutes: 10,
    note: 'no emulators: 50,000 products evaluated by the warehouse (DuckDB) and the list filtered by readiness',
  },
  { name: 'layout', script: 'bench/layout-editor.mjs', minutes: 10, note: 'no emulators: the layout editor drawer in headless chromium against its goals' },
  {
    name: 'ai',
    script: 'bench/ai.mjs',
    minutes: 20,
    note: "its own stack: the assistant's own time per round, and product texts against the sandbox's latency floor",
  },
  {
    name: 'segments',
    script: 'bench/segments.mjs',
    minutes: 20,
    note: "no emulators: 500,000 customers and 5,000,000 events in DuckDB, 'Testar segmento' on an event rule and a 200,000-member snapshot",
  },
  { name: 'campaign', script: 'bench/campaign.mjs', minutes: 20, note: 'its own stack: a 10,000-recipient e-mail campaign against the SendGrid sandbox' },
  {
    name: 'soak',
    script: 'bench/soak.mjs',
    minutes: Number(process.env.SOAK_MINUTES || 10) + 10,
    note: 'its own stack: forms, imports, a campaign and the assistant for SOAK_MINUTES (10), memory per thousand writes',
  },
];
