// Scratch: the same web SDK writes (rules on) against a bare Firestore emulator JVM started with the given flags.
import { spawn } from 'node:child_process';
import { initializeApp } from 'firebase/app';
import { collection, connectFirestoreEmulator, doc, initializeFirestore, writeBatch, terminate } from 'firebase/firestore';
const [port, ...flags] = process.argv.slice(2);
const jar = '/work/main/.cache/firestore-emulator/cloud-firestore-emulator-debian.jar';
const child = spawn('/usr/lib/jvm/temurin-25-jdk-amd64/bin/java', [...flags, '-jar', jar, '--host', '127.0.0.1', '--port', port, '--project_id', 'demo-probe-70', '--rules', '/work/main/firestore.rules', '--single_project_mode', 'true'], { stdio: ['ignore', 'pipe', 'pipe'], cwd: '/tmp/h70' });
await new Promise((resolve) => { const on = (d) => { if (String(d).includes('Dev App Server is now running')) resolve(); }; child.stdout.on('data', on); child.stderr.on('data', on); });
try {
  const app = initializeApp({ apiKey: 'k', projectId: 'demo-probe-70', appId: 'a' });
  const db = initializeFirestore(app, {});
  connectFirestoreEmulator(db, '127.0.0.1', Number(port), { mockUserToken: { sub: 'u1', user_id: 'u1', role: 'admin' } });
  const col = collection(db, 'project', 'main', 'product');
  for (let round = 0; round < 3; round++) {
    const t = performance.now();
    const docs = Array.from({ length: 4000 }, (_, i) => ({ id: `r${round}-${String(i).padStart(5, '0')}`, ProductCode: `M${i}`, ProductSiteName: `Produto ${i}`, Price: i, Options: { canSell: true, maxInstallments: 6 }, brand: 'T' }));
    const batches = Array.from({ length: 40 }, (_, i) => docs.slice(i * 100, i * 100 + 100));
    let next = 0;
    await Promise.all([0, 1, 2].map(async () => { while (next < batches.length) { const b = writeBatch(db); for (const p of batches[next++]) b.set(doc(col, p.id), p, { merge: true }); await b.commit(); } }));
    const s = (performance.now() - t) / 1000;
    console.log(`${flags.join(' ') || 'default JIT'} round ${round}: 4000 writes ${s.toFixed(1)} s = ${(4000 / s).toFixed(0)} rows/s`);
  }
  await terminate(db);
} finally { child.kill('SIGKILL'); }
process.exit(0);
