import DesktopWindowsOutlinedIcon from '@mui/icons-material/DesktopWindowsOutlined';
import OpenInFullIcon from '@mui/icons-material/OpenInFull';
import ReplayIcon from '@mui/icons-material/Replay';
import SmartphoneOutlinedIcon from '@mui/icons-material/SmartphoneOutlined';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Paper,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useRecordContext, useTranslate } from 'react-admin';

/**
 * The CTA editor's live preview: the CTA as the form holds it, drawn by the real tracker
 * (`/tracker.js` loaded with `data-preview`, apps/tracker/src/main.ts) through
 * `window.__cro.preview(cta, element)`, inside an iframe of its own.
 *
 * Why an iframe: the CTA then looks as it will on a customer's page, not restyled by the console's
 * CSS (MUI's baseline, the theme's fonts) nor restyling it (the tracker's one <style>); its
 * `window.__cro` is the iframe's, so the console keeps no global of the tracker; and the iframe's
 * viewport is a real page width (1024 px for Desktop, 390 px for Mobile, scaled to fit the pane),
 * so a popup's width ("half", "third") and a bar show as on that screen. The iframe is `srcdoc`
 * (same origin as the console: the script is the API's `/tracker.js`). In preview mode the tracker
 * sends no event, reads and writes no storage and fetches nothing.
 */

type Device = 'desktop' | 'mobile';
/**
 * The page each device shows: Desktop a 1024 x 640 screen (its box keeps that ratio, by CSS);
 * Mobile 390 px wide in a box of a fixed height (see PreviewFrame).
 */
const VIEWPORTS: Record<Device, { width: number; height: number }> = {
  desktop: { width: 1024, height: 640 },
  mobile: { width: 390, height: 600 },
};
/** How long the form is left alone before the preview draws it again. */
const DEBOUNCE_MS = 250;

interface PreviewApi {
  preview?(cta: unknown, element: unknown): { close(): void } | null;
}
type PreviewWindow = Window & { __cro?: PreviewApi };

/** A page to draw the CTA on: a website's outline (header, title, text), the tracker in preview mode. */
const SRC_DOC = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<style>
html,body{margin:0;height:100%}
body{background:#fff;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;overflow:auto}
.site-top{display:flex;align-items:center;gap:16px;height:56px;padding:0 24px;border-bottom:1px solid #e6e8eb}
.logo{width:88px;height:18px;border-radius:4px;background:#c9ced6}
.nav{margin-left:auto;display:flex;gap:14px}.nav i{display:block;width:48px;height:10px;border-radius:5px;background:#e1e4e8}
.page{max-width:720px;margin:0 auto;padding:32px 24px 48px}
.t{height:26px;width:62%;border-radius:6px;background:#d7dbe0;margin:0 0 20px}
.l{height:10px;border-radius:5px;background:#eceef1;margin:0 0 12px}
.img{height:140px;border-radius:8px;background:linear-gradient(135deg,#eef1f5,#e2e6eb);margin:20px 0 24px}
#slot{margin:8px 0 24px}
#overlay{position:fixed;top:0;right:0;bottom:0;left:0;pointer-events:none}
#overlay>*{pointer-events:auto}
</style></head>
<body>
<div class="site-top" aria-hidden="true"><div class="logo"></div><div class="nav"><i></i><i></i><i></i></div></div>
<main class="page">
<div class="t" aria-hidden="true"></div>
<div aria-hidden="true"><div class="l"></div><div class="l" style="width:94%"></div><div class="l" style="width:80%"></div></div>
<div id="slot"></div>
<div aria-hidden="true"><div class="img"></div><div class="l"></div><div class="l" style="width:90%"></div><div class="l" style="width:70%"></div><div class="l"></div><div class="l" style="width:85%"></div></div>
</main>
<div id="overlay"></div>
<script src="/tracker.js" data-preview></script>
</body></html>`;

/** Whether the tracker draws the CTA over the page (popups and bars) rather than in it (apps/tracker/src/main.ts `floats`). */
const floats = (cta: Record<string, unknown>) =>
  cta.type === 'popup' || cta.type === 'bar' || (typeof cta.popup === 'object' && cta.popup !== null);

/**
 * One iframe with the tracker in preview mode, `cta` drawn into it at `device`'s viewport, scaled
 * down to the width it is given. `drawn` changes draw it again (the "show again" button, after the
 * visitor's close button removed it).
 */
const PreviewFrame = ({
  cta,
  device,
  drawn,
  label,
  tall = false,
}: {
  cta: Record<string, unknown>;
  device: Device;
  drawn: number;
  label: string;
  tall?: boolean;
}) => {
  const translate = useTranslate();
  const outer = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const shown = useRef<{ close(): void } | null>(null);
  const [width, setWidth] = useState(0);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const viewport = VIEWPORTS[device];
  // No height is computed from the width measured here (one that was could add and remove the
  // page's scroll bar, which changes the width: a loop): Desktop's box keeps the screen's ratio by
  // CSS, Mobile's has a fixed height and the phone's page is as tall as that box.
  const scale = width > 0 ? Math.min(1, width / viewport.width) : 0;
  const mobileBox = tall ? 760 : viewport.height;

  useLayoutEffect(() => {
    const box = outer.current;
    if (!box) return;
    setWidth(box.clientWidth);
    const observer = new ResizeObserver(() => setWidth(box.clientWidth));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  // The tracker is there once the iframe has loaded (its script is not async): or it failed to load.
  const onLoad = () => {
    const api = (frame.current?.contentWindow as PreviewWindow | null)?.__cro;
    setState(typeof api?.preview === 'function' ? 'ready' : 'failed');
  };

  useEffect(() => {
    if (state !== 'ready') return;
    const win = frame.current?.contentWindow as PreviewWindow | null;
    const doc = frame.current?.contentDocument;
    const target = doc?.getElementById(floats(cta) ? 'overlay' : 'slot');
    if (!win?.__cro?.preview || !target) return;
    shown.current?.close();
    target.replaceChildren();
    try {
      shown.current = win.__cro.preview(cta, target);
    } catch {
      shown.current = null;
    }
    return () => {
      shown.current?.close();
      shown.current = null;
    };
  }, [state, cta, drawn]);

  return (
    <Box ref={outer} sx={{ width: '100%' }}>
      {state === 'failed' ? (
        <Alert severity="warning" sx={{ mb: 1 }}>
          {translate('console.cro.ctas.preview.failed')}
        </Alert>
      ) : null}
      <Box
        sx={{
          position: 'relative',
          mx: 'auto',
          width: device === 'desktop' ? '100%' : viewport.width * scale,
          maxWidth: viewport.width,
          ...(device === 'desktop' ? { aspectRatio: `${viewport.width} / ${viewport.height}` } : { height: mobileBox }),
          overflow: 'hidden',
          borderRadius: device === 'mobile' ? 3 : 1,
          border: 1,
          borderColor: 'divider',
          bgcolor: 'common.white',
          boxShadow: device === 'mobile' ? 3 : 0,
        }}
      >
        <iframe
          ref={frame}
          title={label}
          srcDoc={SRC_DOC}
          onLoad={onLoad}
          data-cta-preview={device}
          style={{
            border: 0,
            width: viewport.width,
            height: device === 'desktop' ? viewport.height : scale > 0 ? mobileBox / scale : mobileBox,
            transform: `scale(${scale})`,
            transformOrigin: 'top left',
            display: 'block',
            visibility: scale > 0 ? 'visible' : 'hidden',
          }}
        />
      </Box>
    </Box>
  );
};

/** The form's values as the tracker takes a CTA (the placements' shape: id, name, type, items, design, popup). */
const useDebouncedCta = (prepare: (data: Record<string, unknown>) => Record<string, unknown>) => {
  const record = useRecordContext();
  const values = useWatch() as Record<string, unknown>;
  const json = JSON.stringify(
    (() => {
      const data = prepare({
        type: values.type,
        subtype: values.subtype,
        name: values.name,
        items: values.items,
        design: values.design,
        popup: values.popup,
      });
      return {
        id: record?.id ?? 'preview',
        name: data.name ?? '',
        type: data.type,
        subtype: data.subtype ?? null,
        items: Array.isArray(data.items) ? data.items.filter(Boolean) : [],
        design: data.design ?? null,
        popup: data.popup ?? null,
      };
    })(),
  );
  const [settled, setSettled] = useState(json);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(json), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [json]);
  return useMemo(() => JSON.parse(settled) as Record<string, unknown>, [settled]);
};

/**
 * The preview pane of the CTA form: Desktop or Mobile, drawn again a moment after each change, a
 * button to draw it again (after its close button) and one to see it larger.
 */
export const CtaPreview = ({ prepare }: { prepare: (data: Record<string, unknown>) => Record<string, unknown> }) => {
  const translate = useTranslate();
  const cta = useDebouncedCta(prepare);
  // A narrow pane (beside the form) starts on Mobile, which it shows at a readable size; a wide one on Desktop.
  const pane = useRef<HTMLDivElement>(null);
  const [device, setDevice] = useState<Device | null>(null);
  useLayoutEffect(() => {
    if (device === null && pane.current) setDevice(pane.current.clientWidth >= 600 ? 'desktop' : 'mobile');
  }, [device]);
  const [drawn, setDrawn] = useState(0);
  const [large, setLarge] = useState(false);
  const title = translate('console.cro.ctas.preview.title');
  return (
    <Paper
      ref={pane}
      component="section"
      variant="outlined"
      aria-label={title}
      data-preview-pane
      sx={{ p: 2, bgcolor: 'grey.50', borderRadius: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 120 }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {title}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate('console.cro.ctas.preview.text')}
          </Typography>
        </Box>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={device}
          onChange={(_event, value: Device | null) => value && setDevice(value)}
          aria-label={translate('console.cro.ctas.preview.device')}
        >
          <ToggleButton value="desktop" aria-label={translate('console.cro.ctas.preview.desktop')}>
            <Tooltip title={translate('console.cro.ctas.preview.desktop')}>
              <DesktopWindowsOutlinedIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
          <ToggleButton value="mobile" aria-label={translate('console.cro.ctas.preview.mobile')}>
            <Tooltip title={translate('console.cro.ctas.preview.mobile')}>
              <SmartphoneOutlinedIcon fontSize="small" />
            </Tooltip>
          </ToggleButton>
        </ToggleButtonGroup>
        <Tooltip title={translate('console.cro.ctas.preview.again')}>
          <IconButton
            size="small"
            onClick={() => setDrawn((n) => n + 1)}
            aria-label={translate('console.cro.ctas.preview.again')}
          >
            <ReplayIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('console.cro.ctas.preview.larger')}>
          <IconButton
            size="small"
            onClick={() => setLarge(true)}
            aria-label={translate('console.cro.ctas.preview.larger')}
          >
            <OpenInFullIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {device ? (
        <PreviewFrame cta={cta} device={device} drawn={drawn} label={translate('console.cro.ctas.preview.frame')} />
      ) : null}
      <Dialog open={large} onClose={() => setLarge(false)} fullWidth maxWidth="lg" aria-labelledby="cta-preview-large">
        <DialogTitle id="cta-preview-large">{title}</DialogTitle>
        <DialogContent>
          {large && device ? (
            <PreviewFrame
              cta={cta}
              device={device}
              drawn={drawn}
              label={translate('console.cro.ctas.preview.frameLarge')}
              tall
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </Paper>
  );
};
