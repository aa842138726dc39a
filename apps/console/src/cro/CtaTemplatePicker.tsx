import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActionArea,
  CardContent,
  Chip,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { ListButton, Title, TopToolbar, useGetList, useTranslate } from 'react-admin';
import { humanize } from '../common/choices';
import { useCroChoices } from './types';

/** A CTA's template as `GET /api/cta-templates` answers it (libs/cro/src/http/cro.controllers.ts). */
export interface CtaTemplateRecord {
  id: string;
  name: string;
  description: string | null;
  type: string;
  builtIn: boolean;
  organisationId?: string;
  createdAt?: string;
  template: {
    type: string;
    subtype: string | null;
    items: Record<string, unknown>[];
    design: Record<string, unknown> | null;
    popup: Record<string, unknown> | null;
  };
}

type Item = Record<string, unknown>;
const text = (item: Item) => (typeof item.label === 'string' ? item.label : '');
const INPUT_KINDS = new Set([
  'short_text',
  'long_text',
  'email',
  'phone',
  'url',
  'date',
  'dropdown',
  'country',
  'numbers',
  'score',
  'star_scale',
]);

/**
 * A sketch of a template: its first items as the CTA shows them (heading, text, inputs, button),
 * on a page outline; a popup floats over a dimmed page, a bar runs across its top.
 */
const Sketch = ({ template }: { template: CtaTemplateRecord['template'] }) => {
  const items = template.items.filter((item) => item.type !== 'hidden').slice(0, 4);
  const floating = template.type === 'popup';
  const bar = template.type === 'bar' || template.type === 'banner';
  const body = (
    <Stack spacing={0.5} sx={{ width: '100%', minWidth: 0 }}>
      {items.map((item, index) => {
        const kind = String(item.type ?? '');
        if (kind === 'heading')
          return (
            <Typography key={index} sx={{ fontSize: 12, fontWeight: 700, lineHeight: 1.2 }} noWrap>
              {text(item)}
            </Typography>
          );
        if (kind === 'paragraph' || kind === 'label')
          return (
            <Typography key={index} sx={{ fontSize: 10, color: 'text.secondary', lineHeight: 1.25 }} noWrap>
              {text(item)}
            </Typography>
          );
        if (kind === 'button')
          return (
            <Box
              key={index}
              sx={{
                alignSelf: 'flex-start',
                px: 1,
                py: 0.25,
                borderRadius: 0.5,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                fontSize: 10,
                fontWeight: 600,
                maxWidth: '100%',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
              component="span"
            >
              {text(item)}
            </Box>
          );
        if (kind === 'consent' || kind === 'checkbox')
          return (
            <Box
              key={index}
              sx={{
                display: 'flex',
                gap: 0.5,
                alignItems: 'center',
                fontSize: 9,
                color: 'text.secondary',
                minWidth: 0,
              }}
            >
              <Box
                sx={{ width: 8, height: 8, border: 1, borderColor: 'grey.500', borderRadius: 0.25, flexShrink: 0 }}
              />
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {text(item)}
              </Box>
            </Box>
          );
        if (INPUT_KINDS.has(kind))
          return (
            <Box
              key={index}
              sx={{
                border: 1,
                borderColor: 'grey.400',
                borderRadius: 0.5,
                px: 0.75,
                height: kind === 'long_text' ? 22 : 14,
                fontSize: 9,
                lineHeight: '14px',
                color: 'text.disabled',
                bgcolor: 'common.white',
                overflow: 'hidden',
                whiteSpace: 'nowrap',
              }}
            >
              {text(item)}
            </Box>
          );
        return null;
      })}
    </Stack>
  );
  return (
    <Box
      aria-hidden
      sx={{
        position: 'relative',
        height: 132,
        overflow: 'hidden',
        bgcolor: 'grey.100',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {/* The page outline. */}
      <Box sx={{ p: 1.5, pt: bar ? 4.5 : 1.5 }}>
        <Box sx={{ height: 8, width: '55%', bgcolor: 'grey.300', borderRadius: 1, mb: 1 }} />
        {[92, 80, 86, 60].map((w) => (
          <Box key={w} sx={{ height: 5, width: `${w}%`, bgcolor: 'grey.200', borderRadius: 1, mb: 0.75 }} />
        ))}
      </Box>
      {bar ? (
        <Box
          sx={{
            position: 'absolute',
            top: 0,
            left: 0,
            right: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            px: 1,
            py: 0.75,
            bgcolor: 'common.white',
            boxShadow: 1,
          }}
        >
          {items.map((item, index) =>
            item.type === 'button' ? (
              <Box
                key={index}
                component="span"
                sx={{
                  px: 1,
                  py: 0.25,
                  borderRadius: 0.5,
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  fontSize: 10,
                  fontWeight: 600,
                  whiteSpace: 'nowrap',
                }}
              >
                {text(item)}
              </Box>
            ) : (
              <Typography key={index} sx={{ fontSize: 10, minWidth: 0 }} noWrap>
                {text(item)}
              </Typography>
            ),
          )}
        </Box>
      ) : floating ? (
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            bgcolor: template.popup?.backdrop === false ? 'transparent' : 'rgba(0,0,0,0.35)',
            display: 'flex',
            alignItems: template.popup?.layout === 'slide_in' ? 'flex-end' : 'center',
            justifyContent: template.popup?.layout === 'slide_in' ? 'flex-end' : 'center',
            p: 1,
          }}
        >
          <Box sx={{ width: '62%', bgcolor: 'common.white', borderRadius: 1, boxShadow: 4, p: 1 }}>{body}</Box>
        </Box>
      ) : (
        <Box
          sx={{
            position: 'absolute',
            left: 12,
            right: 12,
            bottom: 8,
            bgcolor: 'common.white',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
            p: 1,
          }}
        >
          {body}
        </Box>
      )}
    </Box>
  );
};

const TemplateCard = ({ template, onPick }: { template: CtaTemplateRecord; onPick: () => void }) => {
  const translate = useTranslate();
  const subtype = template.template.subtype;
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', '&:hover': { borderColor: 'primary.main', boxShadow: 2 } }}
      data-template={template.id}
    >
      <CardActionArea
        onClick={onPick}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
        aria-label={translate('console.cro.ctas.templates.use', { name: template.name })}
      >
        <Sketch template={template.template} />
        <CardContent sx={{ flex: 1, pb: '12px !important' }}>
          <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
            {template.name}
          </Typography>
          {template.description ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
              {template.description}
            </Typography>
          ) : null}
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', mt: 1 }}>
            <Chip size="small" variant="outlined" label={humanize(template.type)} />
            {subtype ? <Chip size="small" variant="outlined" label={humanize(subtype)} /> : null}
            <Chip
              size="small"
              label={translate('console.cro.ctas.templates.items', { smart_count: template.template.items.length })}
              sx={{ bgcolor: 'transparent' }}
            />
          </Box>
        </CardContent>
      </CardActionArea>
    </Card>
  );
};

const BlankCard = ({ onPick }: { onPick: () => void }) => {
  const translate = useTranslate();
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', borderStyle: 'dashed', bgcolor: 'transparent', '&:hover': { borderColor: 'primary.main' } }}
      data-template="blank"
    >
      <CardActionArea
        onClick={onPick}
        sx={{
          height: '100%',
          minHeight: 200,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'center',
          gap: 1,
          p: 2,
          textAlign: 'center',
        }}
      >
        <Box
          sx={{
            width: 48,
            height: 48,
            borderRadius: '50%',
            bgcolor: 'action.hover',
            display: 'grid',
            placeItems: 'center',
            color: 'primary.main',
          }}
        >
          <AddIcon />
        </Box>
        <Typography variant="subtitle2" component="h3" sx={{ fontWeight: 600 }}>
          {translate('console.cro.ctas.templates.blank')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('console.cro.ctas.templates.blankText')}
        </Typography>
      </CardActionArea>
    </Card>
  );
};

const cards = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', gap: 2 } as const;

const TemplateGroup = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ mt: 3 }}>
    <Typography
      variant="overline"
      component="h2"
      color="text.secondary"
      sx={{ display: 'block', mb: 1, fontWeight: 600 }}
    >
      {title}
    </Typography>
    {children}
  </Box>
);

/**
 * The first step of a new CTA: the starter templates of every type and the organisation's own
 * (`GET /api/cta-templates`, through the data provider), filterable by type, and Blank. Picking
 * one calls `onPick` with it (`null` for Blank).
 */
export const CtaTemplatePicker = ({ onPick }: { onPick: (template: CtaTemplateRecord | null) => void }) => {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetList<CtaTemplateRecord>('cta-templates', {
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [type, setType] = useState('all');
  const ctaTypes = useCroChoices('ctas').choices('type');
  const templates = data ?? [];
  // The spec's types that have templates, in the spec's order.
  const types = ctaTypes.filter((choice) => templates.some((t) => t.type === choice.id));
  const shown = templates.filter((t) => type === 'all' || t.type === type);
  const starters = shown.filter((t) => t.builtIn);
  const own = shown.filter((t) => !t.builtIn);
  const message = (error as { message?: string } | null)?.message ?? '';
  return (
    <Box sx={{ pb: 4 }} data-template-picker>
      <Title title={translate('console.cro.ctas.create')} />
      <TopToolbar sx={{ justifyContent: 'flex-start', px: 0 }}>
        <ListButton resource="ctas" label="resources.ctas.name" icon={<ArrowBackIcon />} />
      </TopToolbar>
      <Typography variant="h5" component="h1">
        {translate('console.cro.ctas.templates.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, maxWidth: 680 }}>
        {translate('console.cro.ctas.templates.intro')}
      </Typography>
      {types.length > 1 ? (
        <Box
          role="group"
          aria-label={translate('console.cro.ctas.templates.filter')}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}
        >
          {[{ id: 'all', name: translate('console.cro.ctas.templates.all') }, ...types].map((choice) => {
            const count = choice.id === 'all' ? templates.length : templates.filter((t) => t.type === choice.id).length;
            const selected = type === choice.id;
            return (
              <Chip
                key={choice.id}
                label={`${choice.name} · ${count}`}
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                onClick={() => setType(choice.id)}
                aria-pressed={selected}
                data-type-filter={choice.id}
              />
            );
          })}
        </Box>
      ) : null}
      {error ? (
        <Alert
          severity="error"
          sx={{ mt: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {translate('console.cro.ctas.templates.retry')}
            </Button>
          }
        >
          {translate('console.cro.ctas.templates.failed', { message })}
        </Alert>
      ) : null}
      <TemplateGroup title={translate('console.cro.ctas.templates.starters')}>
        <Box sx={cards}>
          <BlankCard onPick={() => onPick(null)} />
          {isPending
            ? [0, 1, 2].map((i) => <Skeleton key={i} variant="rounded" height={236} />)
            : starters.map((t) => <TemplateCard key={t.id} template={t} onPick={() => onPick(t)} />)}
        </Box>
        {!isPending && !error && templates.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            {translate('console.cro.ctas.templates.empty')}
          </Typography>
        ) : null}
      </TemplateGroup>
      {!isPending && !error ? (
        <TemplateGroup title={translate('console.cro.ctas.templates.own')}>
          {own.length ? (
            <Box sx={cards}>
              {own.map((t) => (
                <TemplateCard key={t.id} template={t} onPick={() => onPick(t)} />
              ))}
            </Box>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate(
                type === 'all' ? 'console.cro.ctas.templates.ownEmpty' : 'console.cro.ctas.templates.ownEmptyType',
              )}
            </Typography>
          )}
        </TemplateGroup>
      ) : null}
    </Box>
  );
};
