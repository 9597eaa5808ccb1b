/**
 * The hostile HTML every sanitiser of the rich-text policy (policy.ts) is held to, with the markup
 * the policy leaves of each: the server's (sanitize-html, functions/src/ai/sanitize.test.ts) and the
 * browser's (DOMPurify in Chromium, e2e/rich-text-policy.test.ts) must both give exactly that.
 * `keeps` lists the tags left, each with the attributes it kept: 'a[href]', 'p'.
 */
export interface HostileRichText {
  html: string;
  keeps: string[];
}

export const HOSTILE_RICH_TEXT: readonly HostileRichText[] = [
  { html: '<p onclick="alert(1)" style="color:red" class="k" id="x">Olá <b>mundo</b></p>', keeps: ['b', 'p'] },
  { html: '<script>alert(1)</script><style>p{color:red}</style><p>texto</p>', keeps: ['p'] },
  { html: '<img src="x" onerror="alert(1)"><p>a</p>', keeps: ['p'] },
  { html: '<a href="javascript:alert(1)">x</a>', keeps: ['a'] },
  { html: '<a href="JaVaScRiPt:alert(1)">x</a>', keeps: ['a'] },
  { html: '<a href="java&#x09;script:alert(1)">x</a>', keeps: ['a'] },
  { html: '<a href=" &#106;avascript:alert(1)">x</a>', keeps: ['a'] },
  { html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>', keeps: ['a'] },
  { html: '<a href="vbscript:msgbox(1)">x</a>', keeps: ['a'] },
  { html: '<a href="//evil.demo.test/x">x</a>', keeps: ['a'] },
  { html: '<a href="/c/facas">x</a>', keeps: ['a'] },
  { html: '<p><a href="https:alert(1)">x</a></p>', keeps: ['a', 'p'] },
  { html: '<a href=" https://loja.demo.test/c/facas " target="_blank" rel="opener">ver</a>', keeps: ['a[href]'] },
  { html: '<A HREF="HTTPS://LOJA.DEMO.TEST/">ver</A>', keeps: ['a[href]'] },
  { html: '<a href="mailto:contato@loja.demo.test">e-mail</a>', keeps: ['a[href]'] },
  { html: '<a href="https://loja.demo.test" onmouseover="alert(1)"><b onclick="x()">ok</b></a>', keeps: ['a[href]', 'b'] },
  { html: '<p href="https://loja.demo.test" title="t">um parágrafo não é um link</p>', keeps: ['p'] },
  { html: '<svg><a href="https://loja.demo.test">x</a><script>alert(1)</script></svg><p>depois</p>', keeps: ['p'] },
  { html: '<svg onload="alert(1)"><circle r="1"></circle></svg>', keeps: [] },
  { html: '<math><mi><a href="https://loja.demo.test">x</a></mi></math><ul><li>a</li></ul>', keeps: ['li', 'ul'] },
  { html: '<iframe src="https://loja.demo.test"></iframe><object data="x.swf"><p>y</p></object><embed src="x"><p>fim</p>', keeps: ['p'] },
  { html: '<form action="https://loja.demo.test"><input name="a" value="b"><button formaction="javascript:alert(1)">ok</button></form>', keeps: [] },
  { html: '<ul><li data-x="1" aria-label="y">um</li></ul><ol><li>dois</li></ol>', keeps: ['li', 'ol', 'ul'] },
  { html: '<B>negrito</B> <I>itálico</I> <EM>ênfase</EM> <STRONG>forte</STRONG><BR>', keeps: ['b', 'br', 'em', 'i', 'strong'] },
  { html: '<div><span style="x">a</span><h1>b</h1><table><tr><td>c</td></tr></table><u>d</u></div>', keeps: [] },
  { html: '<template><p>x</p></template><noscript><p>y</p></noscript><textarea><p>z</p></textarea><select><option>w</option></select>', keeps: [] },
  { html: '<title>t</title><!-- <script>alert(1)</script> --><p>c</p>', keeps: ['p'] },
  {
    html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><link rel="stylesheet" href="x.css"><base href="https://evil.demo.test/"><p>z</p>',
    keeps: ['p'],
  },
  { html: '<p>1 &lt; 2 &amp; <code>x</code> <video src="x.mp4">sem vídeo</video></p>', keeps: ['p'] },
];

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s/>=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g;
const ATTRIBUTE = /\s+([^\s/>=]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?/g;

/**
 * The markup of sanitised HTML, as `keeps` writes it: each opening tag with its attribute names,
 * once, sorted. Reads a sanitiser's output (well-formed, quoted), not arbitrary HTML.
 */
export function richTextMarkup(html: string): string[] {
  const found = new Set<string>();
  for (const [, tag, attributes] of html.matchAll(TAG)) {
    const names = [...(attributes ?? '').matchAll(ATTRIBUTE)].map(([, name]) => name!.toLowerCase()).sort();
    found.add(names.length > 0 ? `${tag!.toLowerCase()}[${names.join(',')}]` : tag!.toLowerCase());
  }
  return [...found].sort();
}
