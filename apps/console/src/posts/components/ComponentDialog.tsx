import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineOutlined from '@mui/icons-material/DeleteOutlineOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  IconButton,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { useTranslate } from 'react-admin';
import {
  CALLOUT_TONES,
  COMPONENTS,
  CTA_VARIANTS,
  TONE_LABELS,
  VARIANT_LABELS,
  normalizeComponent,
  validateComponent,
  type ComponentAttrsByType,
  type ComponentProblem,
  type ComponentType,
  type CtaVariant,
  type CalloutTone,
} from './definitions';

interface FieldsProps<T extends ComponentType> {
  value: ComponentAttrsByType[T];
  onChange(value: ComponentAttrsByType[T]): void;
  /** The message of a field's first problem, once the user has tried to insert. */
  errorOf(field: string): string | undefined;
}

const CallToActionFields = ({ value, onChange, errorOf }: FieldsProps<'callToAction'>) => {
  const translate = useTranslate();
  return (
    <>
      <TextField
        label={translate('console.components.callToAction.text')}
        value={value.text}
        onChange={(event) => onChange({ ...value, text: event.target.value })}
        error={!!errorOf('text')}
        helperText={errorOf('text') ?? translate('console.components.callToAction.textHelp')}
        autoFocus
        fullWidth
      />
      <TextField
        label={translate('console.components.callToAction.url')}
        value={value.url}
        onChange={(event) => onChange({ ...value, url: event.target.value })}
        error={!!errorOf('url')}
        helperText={errorOf('url') ?? translate('console.components.callToAction.urlHelp')}
        placeholder="https://"
        fullWidth
      />
      <FormControl>
        <FormLabel id="cta-variant">{translate('console.components.callToAction.style')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="cta-variant"
          value={value.variant}
          onChange={(event) => onChange({ ...value, variant: event.target.value as CtaVariant })}
        >
          {CTA_VARIANTS.map((variant) => (
            <FormControlLabel
              key={variant}
              value={variant}
              control={<Radio />}
              label={translate(VARIANT_LABELS[variant])}
            />
          ))}
        </RadioGroup>
      </FormControl>
    </>
  );
};

const ProductBoxFields = ({ value, onChange, errorOf }: FieldsProps<'productBox'>) => {
  // The rating as typed: empty is no rating, anything else must read as a number from 0 to 5.
  const [rating, setRating] = useState(value.rating === null ? '' : String(value.rating));
  const translate = useTranslate();
  return (
    <>
      <TextField
        label={translate('console.components.productBox.name')}
        value={value.name}
        onChange={(event) => onChange({ ...value, name: event.target.value })}
        error={!!errorOf('name')}
        helperText={errorOf('name')}
        autoFocus
        fullWidth
      />
      <TextField
        label={translate('console.components.productBox.url')}
        value={value.url}
        onChange={(event) => onChange({ ...value, url: event.target.value })}
        error={!!errorOf('url')}
        helperText={errorOf('url') ?? translate('console.components.productBox.urlHelp')}
        placeholder="https://"
        fullWidth
      />
      <TextField
        label={translate('console.components.productBox.rating')}
        value={rating}
        onChange={(event) => {
          const typed = event.target.value;
          setRating(typed);
          onChange({ ...value, rating: typed.trim() === '' ? null : Number(typed.replace(',', '.')) });
        }}
        error={!!errorOf('rating')}
        helperText={errorOf('rating') ?? translate('console.components.productBox.ratingHelp')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={{ maxWidth: 240 }}
      />
      <TextField
        label={translate('console.components.productBox.summary')}
        value={value.summary}
        onChange={(event) => onChange({ ...value, summary: event.target.value })}
        multiline
        minRows={2}
        fullWidth
      />
    </>
  );
};

const FaqFields = ({ value, onChange, errorOf }: FieldsProps<'faq'>) => {
  const error = errorOf('items');
  const translate = useTranslate();
  const setItem = (index: number, change: Partial<ComponentAttrsByType['faq']['items'][number]>) =>
    onChange({ items: value.items.map((item, i) => (i === index ? { ...item, ...change } : item)) });
  // Once the user tried to insert, a half-filled row shows which half is missing.
  const missing = (text: string, other: string) => !!error && !text.trim() && !!other.trim();
  return (
    <>
      {value.items.map((item, index) => (
        <Box
          key={index}
          data-faq-item={index + 1}
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'flex-start',
            p: 1.5,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
          }}
        >
          <Stack spacing={1.5} sx={{ flex: 1 }}>
            <TextField
              label={translate('console.components.faq.question', { number: index + 1 })}
              value={item.question}
              onChange={(event) => setItem(index, { question: event.target.value })}
              error={missing(item.question, item.answer)}
              autoFocus={index === 0}
              size="small"
              fullWidth
            />
            <TextField
              label={translate('console.components.faq.answer', { number: index + 1 })}
              value={item.answer}
              onChange={(event) => setItem(index, { answer: event.target.value })}
              error={missing(item.answer, item.question)}
              multiline
              minRows={2}
              size="small"
              fullWidth
            />
          </Stack>
          <IconButton
            aria-label={translate('console.components.faq.remove', { number: index + 1 })}
            title={translate('console.components.faq.removeTitle')}
            onClick={() => onChange({ items: value.items.filter((_, i) => i !== index) })}
          >
            <DeleteOutlineOutlined />
          </IconButton>
        </Box>
      ))}
      {value.items.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('console.components.faq.none')}
        </Typography>
      )}
      <Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => onChange({ items: [...value.items, { question: '', answer: '' }] })}
        >
          {translate('console.components.faq.add')}
        </Button>
        {error && <FormHelperText error>{error}</FormHelperText>}
      </Box>
    </>
  );
};

const CalloutFields = ({ value, onChange, errorOf }: FieldsProps<'callout'>) => {
  const translate = useTranslate();
  return (
    <>
      <FormControl>
        <FormLabel id="callout-tone">{translate('console.components.callout.tone')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="callout-tone"
          value={value.tone}
          onChange={(event) => onChange({ ...value, tone: event.target.value as CalloutTone })}
        >
          {CALLOUT_TONES.map((tone) => (
            <FormControlLabel key={tone} value={tone} control={<Radio />} label={translate(TONE_LABELS[tone])} />
          ))}
        </RadioGroup>
      </FormControl>
      <TextField
        label={translate('console.components.callout.text')}
        value={value.text}
        onChange={(event) => onChange({ ...value, text: event.target.value })}
        error={!!errorOf('text')}
        helperText={errorOf('text')}
        multiline
        minRows={3}
        autoFocus
        fullWidth
      />
    </>
  );
};

export interface ComponentDialogProps<T extends ComponentType> {
  type: T;
  /** The attributes the dialog opens with: the defaults, or the component's own when editing. */
  initial: ComponentAttrsByType[T];
  mode: 'insert' | 'edit';
  onCancel(): void;
  /** Called with the normalized attributes, only when they have no problem. */
  onSubmit(attrs: ComponentAttrsByType[T]): void;
}

/**
 * The fields of one component, with the API's messages under them: a component is inserted
 * (or updated) only once it has none.
 */
export function ComponentDialog<T extends ComponentType>({
  type,
  initial,
  mode,
  onCancel,
  onSubmit,
}: ComponentDialogProps<T>) {
  const definition = COMPONENTS[type];
  const [value, setValue] = useState<ComponentAttrsByType[T]>(initial);
  const [tried, setTried] = useState(false);
  const translate = useTranslate();
  const problems: ComponentProblem[] = tried ? validateComponent(type, normalizeComponent(type, value)) : [];
  const errorOf = (field: string) => {
    const message = problems.find((problem) => problem.field === field)?.message;
    return message ? translate(message) : undefined;
  };

  const submit = () => {
    const normalized = normalizeComponent(type, value);
    if (validateComponent(type, normalized).length > 0) {
      setTried(true);
      return;
    }
    onSubmit(normalized);
  };
  // Ctrl/Cmd+Enter inserts from any field (Enter alone makes new lines in the long texts).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  };

  const fields = (() => {
    const props = { value, onChange: setValue, errorOf } as unknown;
    switch (type) {
      case 'callToAction':
        return <CallToActionFields {...(props as FieldsProps<'callToAction'>)} />;
      case 'productBox':
        return <ProductBoxFields {...(props as FieldsProps<'productBox'>)} />;
      case 'faq':
        return <FaqFields {...(props as FieldsProps<'faq'>)} />;
      case 'callout':
        return <CalloutFields {...(props as FieldsProps<'callout'>)} />;
      default:
        return null;
    }
  })();
  const Icon = definition.icon;
  const titleId = `component-dialog-${type}`;

  return (
    <Dialog
      open
      onClose={onCancel}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
      data-component-dialog={type}
      onKeyDown={onKeyDown}
      // The dialog is rendered inside the post's form (through a portal): its events stay here.
      onSubmit={(event) => event.stopPropagation()}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Icon color="primary" />
        {translate(mode === 'insert' ? definition.titles.insert : definition.titles.edit)}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {fields}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>{translate('console.components.cancel')}</Button>
        <Button variant="contained" onClick={submit}>
          {translate(mode === 'insert' ? 'console.components.insert' : 'console.components.update')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
