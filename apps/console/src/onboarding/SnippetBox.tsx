import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, Typography } from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslate } from 'react-admin';

/** Selects the text of `node`, so the user can copy it themselves. */
const selectText = (node: HTMLElement) => {
  const range = document.createRange();
  range.selectNodeContents(node);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
};

/** The tracking snippet in a monospace box, with a Copy button (the clipboard, else the text selected). */
export const SnippetBox = ({ snippet }: { snippet: string }) => {
  const code = useRef<HTMLPreElement>(null);
  const [copied, setCopied] = useState<'copied' | 'selected' | null>(null);
  const translate = useTranslate();

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(snippet);
      setCopied('copied');
    } catch {
      // No clipboard access (an insecure origin, a refused permission): select the text instead.
      if (code.current) selectText(code.current);
      setCopied('selected');
    }
  };

  return (
    <Box>
      <Box sx={{ position: 'relative' }}>
        <Box
          component="pre"
          ref={code}
          data-testid="tracking-snippet"
          aria-label={translate('console.onboarding.snippet.label')}
          onFocus={() => code.current && selectText(code.current)}
          tabIndex={0}
          sx={{
            m: 0,
            p: 2,
            pr: 12,
            bgcolor: 'grey.100',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
            fontSize: 13,
            lineHeight: 1.6,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
          }}
        >
          {snippet}
        </Box>
        <Button
          size="small"
          variant="contained"
          color="inherit"
          startIcon={<ContentCopyIcon fontSize="small" />}
          onClick={() => void copy()}
          sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper' }}
        >
          {translate('console.onboarding.snippet.copy')}
        </Button>
      </Box>
      <Typography
        variant="caption"
        role="status"
        sx={{ display: 'block', minHeight: 20, mt: 0.5, color: 'success.dark' }}
      >
        {copied ? translate(`console.onboarding.snippet.${copied}`) : ''}
      </Typography>
    </Box>
  );
};
