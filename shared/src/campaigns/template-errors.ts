/**
 * Mustache's parse errors (mustache.js 4.2 writes them in English, with an offset into the text)
 * said in Portuguese for the operator, with the line and column of the offset in the template as
 * they typed it. An error this module does not know keeps a Portuguese sentence; its English text
 * is for the logs only.
 */

/** 'linha L, coluna C' of an offset into `text` (both 1-based). */
export function textPosition(text: string, offset: number): string {
  const before = text.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return `linha ${line}, coluna ${column}`;
}

/**
 * The Portuguese explanation of a Mustache error thrown while parsing `text` (which the editor
 * typed, perhaps followed by text we appended: an offset past `typedLength` is "the end").
 */
export function explainMustacheError(message: string, text: string, typedLength = text.length): string {
  const at = (offset: number) => (offset >= typedLength ? 'no fim do texto' : `na ${textPosition(text, offset)}`);
  let m = /^Unclosed tag at (\d+)$/.exec(message);
  if (m) {
    // Mustache reports where it gave up (the end); the operator needs where the tag opened.
    const opened = text.lastIndexOf('{{', Number(m[1]));
    return `tag {{ sem o fechamento }}${opened >= 0 ? ` (aberta ${at(opened)})` : ''}`;
  }
  m = /^Unopened section "(.*)" at (\d+)$/s.exec(message);
  if (m) return `{{/${m[1]}}} fecha uma seção que não foi aberta (falta {{#${m[1]}}} antes, ${at(Number(m[2]))})`;
  m = /^Unclosed section "(.*)" at (\d+)$/s.exec(message);
  if (m) {
    const offset = Number(m[2]);
    // At the end of the text: nothing closed it. Elsewhere: another section's {{/…}} came first.
    if (offset >= text.length) return `seção {{#${m[1]}}} não fechada: falta {{/${m[1]}}}`;
    return `seção {{#${m[1]}}} não fechada: encontrado o fechamento de outra seção ${at(offset)}`;
  }
  m = /^Invalid tags: (.*)$/s.exec(message);
  if (m) return `delimitadores inválidos em {{=…=}}: ${m[1]}`;
  if (message.startsWith('Cannot use higher-order sections')) return 'seções com funções não são aceitas';
  return 'o texto não segue a sintaxe do Mustache (veja as tags {{…}})';
}
