/** File size in KB as document 1 §2 says: bytes / 1024 with one decimal, written the pt-BR way. */
export function formatFileSizeKb(bytes: number): string {
  const kb = bytes / 1024;
  return `${kb.toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} KB`;
}

/** Duration as h:mm:ss from one hour on, else m:ss (document 1 §2). */
export function formatDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}
