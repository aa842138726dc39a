// Variant assignment and the control group (DESIGN.md "Public delivery": variants are assigned
// deterministically per visitor by weight; the control group is held back from CTAs). The splits
// are compared with the configured weights, typed here by hand, within a tolerance written out:
// ±3 percentage points over 10,000 visitors (the standard deviation of a 50 % share over 10,000
// draws is 0.5 points, so 3 points is six of them: a correct hash never fails, a wrong walk does).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { assignVariant, bucketOf, inControlGroup } from '#libs/cro/src/domain/variant-assignment.js';

const TOLERANCE_POINTS = 3;
const VISITORS = 10_000;

/** Two populations: ids that differ only in their last digits (the hard case), and random UUIDs. */
const populations: Array<[string, string[]]> = [
  ['sequential ids', Array.from({ length: VISITORS }, (_, i) => `visitor-${i}`)],
  ['random UUIDs', Array.from({ length: VISITORS }, () => randomUUID())],
];

/** The share (in percent) of `ids` each variant key received. */
function split(
  ids: string[],
  experimentId: string,
  variants: Array<{ key: string; weight: number }>,
): Record<string, number> {
  const counts = new Map<string, number>(variants.map((v) => [v.key, 0]));
  for (const id of ids) {
    const variant = assignVariant(id, experimentId, variants);
    if (variant === null) throw new Error(`no variant for ${id}`);
    counts.set(variant.key, (counts.get(variant.key) ?? 0) + 1);
  }
  return Object.fromEntries([...counts].map(([key, count]) => [key, (count / ids.length) * 100]));
}

describe.each(populations)('variant assignment over 10,000 %s', (_name, ids) => {
  const cases: Array<[string, Array<{ key: string; weight: number }>, Record<string, number>]> = [
    [
      '50/50',
      [
        { key: 'control', weight: 50 },
        { key: 'b', weight: 50 },
      ],
      { control: 50, b: 50 },
    ],
    [
      '80/20',
      [
        { key: 'control', weight: 80 },
        { key: 'b', weight: 20 },
      ],
      { control: 80, b: 20 },
    ],
    [
      '34/33/33',
      [
        { key: 'control', weight: 34 },
        { key: 'b', weight: 33 },
        { key: 'c', weight: 33 },
      ],
      { control: 34, b: 33, c: 33 },
    ],
    [
      '0/100',
      [
        { key: 'control', weight: 0 },
        { key: 'b', weight: 100 },
      ],
      { control: 0, b: 100 },
    ],
    // Weights that do not sum to 100 (the API refuses them; the tracker still splits by proportion).
    [
      '1/3 as proportions',
      [
        { key: 'control', weight: 1 },
        { key: 'b', weight: 3 },
      ],
      { control: 25, b: 75 },
    ],
    [
      '10/0/90',
      [
        { key: 'control', weight: 10 },
        { key: 'b', weight: 0 },
        { key: 'c', weight: 90 },
      ],
      { control: 10, b: 0, c: 90 },
    ],
  ];

  it.each(cases)('a %s split lands within ±3 points of the weights', (_label, variants, expected) => {
    const shares = split(ids, 'exp-1', variants);
    for (const [key, share] of Object.entries(expected)) {
      // The key in the compared object names the variant in a failure message.
      expect({ key, off: Math.abs(shares[key] - share) <= TOLERANCE_POINTS ? 'within' : shares[key] }).toEqual({
        key,
        off: 'within',
      });
    }
  });

  it('never assigns a variant of weight 0', () => {
    const variants = [
      { key: 'a', weight: 0 },
      { key: 'b', weight: 50 },
      { key: 'c', weight: 0 },
      { key: 'd', weight: 50 },
      { key: 'e', weight: 0 },
    ];
    const seen = new Set(ids.map((id) => assignVariant(id, 'exp-zero', variants)?.key));
    expect([...seen].sort()).toEqual(['b', 'd']);
  });

  it('assigns two experiments independently (a quarter of the visitors get B in both 50/50 tests)', () => {
    const variants = [
      { key: 'a', weight: 50 },
      { key: 'b', weight: 50 },
    ];
    const both = ids.filter(
      (id) => assignVariant(id, 'exp-x', variants)?.key === 'b' && assignVariant(id, 'exp-y', variants)?.key === 'b',
    );
    expect(Math.abs((both.length / ids.length) * 100 - 25)).toBeLessThanOrEqual(TOLERANCE_POINTS);
  });

  it.each([
    [0, 0],
    [10, 10],
    [33.3, 33.3],
    [50, 50],
    [100, 100],
  ])('a control group of %s %% holds back %s %% of the visitors', (pct, expected) => {
    const held = ids.filter((id) => inControlGroup(id, pct)).length;
    const share = (held / ids.length) * 100;
    if (expected === 0 || expected === 100) expect(share).toBe(expected);
    else expect(Math.abs(share - expected)).toBeLessThanOrEqual(TOLERANCE_POINTS);
  });
});

describe('variant assignment is deterministic', () => {
  const variants = [
    { key: 'control', weight: 34 },
    { key: 'b', weight: 33 },
    { key: 'c', weight: 33 },
  ];

  it('gives the same visitor the same variant every time, from a copy of the variants too', () => {
    for (let i = 0; i < 500; i++) {
      const id = `v-${i}-${i * 7919}`;
      const first = assignVariant(id, 'exp-1', variants)?.key;
      for (let again = 0; again < 3; again++) {
        expect(
          assignVariant(
            id,
            'exp-1',
            variants.map((v) => ({ ...v })),
          )?.key,
        ).toBe(first);
      }
      expect(inControlGroup(id, 40)).toBe(inControlGroup(id, 40));
    }
  });

  it('keeps buckets in [0, 10000)', () => {
    for (let i = 0; i < 2000; i++) {
      const bucket = bucketOf(`id-${i}`, 'exp');
      expect(Number.isInteger(bucket) && bucket >= 0 && bucket < 10_000).toBe(true);
    }
  });

  it('a visitor in a smaller control group is in every larger one', () => {
    for (let i = 0; i < 2000; i++) {
      const id = `nested-${i}`;
      if (inControlGroup(id, 10)) expect(inControlGroup(id, 20)).toBe(true);
    }
  });
});

describe('variant assignment edge cases', () => {
  it('answers null when no variant has a positive weight', () => {
    expect(assignVariant('v', 'e', [])).toBeNull();
    expect(
      assignVariant('v', 'e', [
        { key: 'a', weight: 0 },
        { key: 'b', weight: 0 },
      ]),
    ).toBeNull();
    expect(
      assignVariant('v', 'e', [
        { key: 'a', weight: -5 },
        { key: 'b', weight: Number.NaN },
      ]),
    ).toBeNull();
  });

  it('returns the variant object itself (its changes come with it)', () => {
    const only = { key: 'only', weight: 100, changes: [{ selector: 'h1', text: 'Hi' }] };
    expect(assignVariant('v', 'e', [only])).toBe(only);
  });

  it('treats a control group of 0, a negative or a non-number percentage as nobody, and over 100 as everybody', () => {
    expect(inControlGroup('v', 0)).toBe(false);
    expect(inControlGroup('v', -10)).toBe(false);
    expect(inControlGroup('v', Number.NaN)).toBe(false);
    expect(inControlGroup('v', 250)).toBe(true);
  });
});
