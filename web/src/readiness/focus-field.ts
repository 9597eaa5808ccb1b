/**
 * Brings the document form's field with this title into view and focuses it (a checklist item's
 * link): its label's control, else the first control of the field's group. The product panel's
 * own rows are skipped, so the link always lands in the editable form.
 */
export function focusFormField(title: string, root: ParentNode = document): boolean {
  for (const label of root.querySelectorAll<HTMLElement>('label, legend, [data-part="label"]')) {
    if (label.textContent?.trim().replace(/\s*\*$/, '') !== title || label.closest('[data-readiness-skip]')) continue;
    const target =
      (label instanceof HTMLLabelElement && label.htmlFor ? document.getElementById(label.htmlFor) : null) ??
      label.parentElement?.querySelector<HTMLElement>('input, textarea, select, button, [contenteditable="true"]') ??
      label;
    target.scrollIntoView({ block: 'center' });
    target.focus({ preventScroll: true });
    return true;
  }
  return false;
}
