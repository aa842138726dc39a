// The tracker's only CSS, injected once in one <style id="cro-style"> element. Every rule starts
// with a `cro-` class (or the `cro-in` keyframes), so nothing of the host page is restyled.
const Z = 2147483000;

const CSS = `.cro-cta{position:relative;box-sizing:border-box;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--cro-fg,#1f2328);background:var(--cro-bg,#fff);padding:20px;border-radius:var(--cro-r,8px);text-align:left;font-family:var(--cro-font,system-ui,sans-serif)}
.cro-cta *{box-sizing:border-box}
.cro-h{font-size:20px;font-weight:700;line-height:1.25;margin:0 0 8px;color:inherit}
.cro-p{margin:0 0 10px}
.cro-l{display:block;font-weight:600;margin:0 0 4px}
.cro-f{margin:0 0 12px}
.cro-i{display:block;width:100%;margin:0;padding:8px 10px;border:1px solid #b8bec4;border-radius:4px;font:inherit;color:#1f2328;background:#fff}
.cro-bad .cro-i{border-color:#d1242f;outline:1px solid #d1242f}
.cro-bad .cro-ck{color:#d1242f}
.cro-ck{display:flex;gap:8px;align-items:flex-start;font-weight:400}
.cro-ck input{margin:3px 0 0}
.cro-b{display:inline-block;margin:4px 8px 4px 0;padding:10px 18px;border:0;border-radius:4px;background:var(--cro-accent,#0b5cff);color:var(--cro-accent-fg,#fff);font:inherit;font-weight:600;line-height:1.2;cursor:pointer;text-decoration:none}
.cro-err{color:#d1242f;font-weight:600;margin:0 0 10px}
.cro-ty{font-weight:600;margin:0}
.cro-x{position:absolute;top:4px;right:6px;margin:0;padding:4px 8px;border:0;background:none;color:inherit;font:24px/1 sans-serif;cursor:pointer}
.cro-pop{position:fixed;z-index:${Z};width:480px;max-width:100vw;max-height:100vh;overflow:auto;box-shadow:0 10px 40px rgba(0,0,0,.3)}
.cro-modal{top:50%;left:50%;transform:translate(-50%,-50%)}
.cro-bd{position:fixed;top:0;right:0;bottom:0;left:0;z-index:${Z - 1};background:rgba(0,0,0,.5)}
.cro-slide{animation:cro-in .3s ease-out}
.cro-pane{top:0;bottom:0;max-height:none;border-radius:0}
.cro-bar{position:fixed;top:0;left:0;right:0;z-index:${Z};border-radius:0;padding:10px 48px;display:flex;flex-wrap:wrap;gap:4px 16px;align-items:center;justify-content:center;box-shadow:0 2px 10px rgba(0,0,0,.2)}
.cro-bar .cro-h,.cro-bar .cro-p{margin:0}
.cro-bar form{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
.cro-bar .cro-f{margin:0}
.cro-inline{margin:16px 0}
.cro-preview{position:relative;min-height:100%}
.cro-preview .cro-pop,.cro-preview .cro-bar{position:absolute}
.cro-preview .cro-bd{position:absolute}
@keyframes cro-in{from{opacity:0;transform:translateY(24px)}}`;

export function ensureStyle(): void {
  if (document.getElementById('cro-style')) return;
  const style = document.createElement('style');
  style.id = 'cro-style';
  style.textContent = CSS;
  (document.head || document.documentElement).appendChild(style);
}
