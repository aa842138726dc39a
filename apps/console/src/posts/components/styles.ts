import { alpha, type CSSObject, type Theme } from '@mui/material/styles';

const TONE_COLORS = { info: 'info', tip: 'success', warning: 'warning' } as const;

/** The component cards in the editor (see nodeView.ts), for the RichTextInput's `sx`. */
export const componentCardsSx = (theme: Theme): CSSObject => {
  const { palette } = theme;
  return {
    '& .ProseMirror .post-component': {
      margin: theme.spacing(1.5, 0),
      border: `1px solid ${palette.divider}`,
      borderLeft: `4px solid ${palette.primary.main}`,
      borderRadius: `${theme.shape.borderRadius}px`,
      backgroundColor: palette.background.paper,
      boxShadow: theme.shadows[1],
      overflow: 'hidden',
      cursor: 'default',
      userSelect: 'none',
      '&:hover': { boxShadow: theme.shadows[3] },
      '&.ProseMirror-selectednode': { outline: `2px solid ${palette.primary.main}`, outlineOffset: 1 },
    },
    '& .ProseMirror .post-component-head': {
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(1),
      padding: theme.spacing(0.25, 0.5, 0.25, 1.5),
      borderBottom: `1px solid ${palette.divider}`,
      backgroundColor: alpha(palette.primary.main, 0.06),
    },
    '& .ProseMirror .post-component-label': {
      ...theme.typography.overline,
      lineHeight: 2,
      fontWeight: 600,
      color: palette.primary.main,
    },
    '& .ProseMirror .post-component-meta': {
      ...theme.typography.caption,
      color: palette.text.secondary,
    },
    '& .ProseMirror .post-component-edit': {
      ...theme.typography.button,
      marginLeft: 'auto',
      padding: theme.spacing(0.25, 1),
      border: 0,
      borderRadius: `${theme.shape.borderRadius}px`,
      background: 'transparent',
      color: palette.primary.main,
      fontSize: theme.typography.pxToRem(13),
      cursor: 'pointer',
      '&:hover': { backgroundColor: alpha(palette.primary.main, 0.1) },
    },
    '& .ProseMirror[contenteditable="false"] .post-component-edit': { display: 'none' },
    '& .ProseMirror .post-component-body': {
      ...theme.typography.body2,
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'flex-start',
      gap: theme.spacing(0.5),
      padding: theme.spacing(1.25, 1.5),
      whiteSpace: 'pre-wrap',
      overflowWrap: 'anywhere',
    },
    '& .ProseMirror .post-component-empty': { color: palette.text.disabled, fontStyle: 'italic' },
    '& .ProseMirror .post-component-url': { color: palette.text.secondary, fontSize: theme.typography.pxToRem(13) },
    '& .ProseMirror .post-component-link': { color: palette.text.secondary, fontSize: theme.typography.pxToRem(13) },
    '& .ProseMirror .post-component-title': { ...theme.typography.subtitle1, fontWeight: 600 },
    '& .ProseMirror .post-component-rating': { color: palette.warning.dark, fontWeight: 500 },
    '& .ProseMirror .post-component-cta': {
      ...theme.typography.button,
      display: 'inline-block',
      padding: theme.spacing(0.75, 2),
      borderRadius: `${theme.shape.borderRadius}px`,
      backgroundColor: palette.primary.main,
      color: palette.primary.contrastText,
      border: `1px solid ${palette.primary.main}`,
      '&[data-variant="secondary"]': { backgroundColor: 'transparent', color: palette.primary.main },
      '&.post-component-empty': { backgroundColor: 'transparent', color: palette.text.disabled },
    },
    '& .ProseMirror .post-component-faq': {
      margin: 0,
      width: '100%',
      '& dt': { fontWeight: 600, marginTop: theme.spacing(0.75) },
      '& dt:first-of-type': { marginTop: 0 },
      '& dd': { margin: theme.spacing(0.25, 0, 0, 2), color: palette.text.secondary },
    },
    ...Object.fromEntries(
      Object.entries(TONE_COLORS).map(([tone, color]) => [
        `& .ProseMirror .post-component[data-tone="${tone}"]`,
        {
          borderLeftColor: palette[color].main,
          '& .post-component-head': { backgroundColor: alpha(palette[color].main, 0.1) },
          '& .post-component-label': { color: palette[color].dark },
          '& .post-component-body': { backgroundColor: alpha(palette[color].main, 0.04) },
        },
      ]),
    ),
  };
};
