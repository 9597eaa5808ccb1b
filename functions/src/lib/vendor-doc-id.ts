/**
 * A vendor's id (SendGrid's sg_event_id, Meta's wamid — base64 that may hold `/`, `+`, `=`) as a
 * Firestore document id: the id itself when it is a plain [A-Za-z0-9_.-] word (as such ids were
 * always stored, so a redelivery still finds its document), else `b64~` + its base64url. A `/`
 * cannot be in a document id, and `~` is in no plain id, so two ids never share a document.
 */
export function vendorDocId(id: string): string {
  return /^[\w.-]{1,200}$/.test(id) && !/^\.\.?$/.test(id) && !/^__.*__$/.test(id) ? id : `b64~${Buffer.from(id, 'utf8').toString('base64url')}`;
}
