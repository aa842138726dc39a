import { NEW, defineDecider, type Actor, type DomainEvent } from '#libs/platform/src/decider.js';
import { ConflictError, InvalidTransitionError } from '#libs/platform/src/errors.js';
import {
  PRODUCT_IN_USE,
  changedFields,
  ownerSchema,
  parseFields,
  personOf,
  productChangesOf,
  productCreateSchema,
  productFieldsOf,
  productUpdateSchema,
  type Person,
  type ProductFields,
} from './catalogue-fields.js';
import { PRODUCT_MANAGERS } from './roles.js';

export {
  PRODUCT_IN_USE,
  PRODUCT_LABELS,
  PRODUCT_NAME_REQUIRED,
  SCORE_RANGE,
  STAR_RATING_RANGE,
} from './catalogue-fields.js';

/**
 * A product a website promotes (stream `product-{id}`; seed 001 section 3 "Product"). Statuses
 * `active` and `deleted`. Who: `PRODUCT_MANAGERS` (libs/cro/src/domain/roles.ts: CRO admins,
 * organisation owners and admins, platform admins, CRO managers and editors).
 *
 * | Action  | From    | To      | Who              |
 * |---------|---------|---------|------------------|
 * | Create  | (new)   | active  | product managers |
 * | Update  | active  | (same)  | product managers |
 * | Delete  | active  | deleted | product managers |
 * | Restore | deleted | active  | product managers |
 *
 * Create takes the request shape of DESIGN.md (`productCreateSchema`) plus `organisationId` and
 * `websiteId`, set by the caller from the website it resolved. Update records only the fields
 * that changed (null clears an optional field), nothing when nothing did.
 *
 * A product that a CTA promotes cannot be deleted: the caller counts the CTAs (not deleted) whose
 * `productIds` hold it and passes `context: { usedByCtas }`; with one or more, Delete answers 409
 * (a conflict with other records, like a value already used: libs/platform/src/errors.ts) with the
 * spec's text "Error: The Product is Used by other element". Delete stays among the allowed
 * actions (the refusal says why when it is pressed).
 */

/** The registered aggregate name (stream `product-{id}`). */
export const PRODUCT_STREAM = 'product';

export type ProductStatus = 'active' | 'deleted';
export type ProductAction = 'Create' | 'Update' | 'Delete' | 'Restore';
export const PRODUCT_STATUSES: readonly ProductStatus[] = ['active', 'deleted'];
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = { active: 'active', deleted: 'deleted' };
/** Without the count of CTAs using the product, a delete is not decided. */
export const PRODUCT_USAGE_UNKNOWN = 'Deleting a product needs the number of CTAs that use it';

/** What Delete needs to know from outside the product. */
export interface ProductDeleteContext {
  usedByCtas: number;
}

export type ProductEvent =
  | DomainEvent<'ProductCreated', ProductFields & { organisationId: string; websiteId: string; createdBy: Person }>
  | DomainEvent<'ProductUpdated', Partial<ProductFields>>
  | DomainEvent<'ProductDeleted', Record<string, never>>
  | DomainEvent<'ProductRestored', Record<string, never>>;

export interface ProductState {
  status: ProductStatus | typeof NEW;
  organisationId: string | null;
  websiteId: string | null;
  createdBy: string | null;
  fields: ProductFields | null;
}

function usedByCtas(context: unknown): number {
  const count =
    context !== null && typeof context === 'object' && Object.hasOwn(context, 'usedByCtas')
      ? (context as { usedByCtas: unknown }).usedByCtas
      : undefined;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0)
    throw new InvalidTransitionError(PRODUCT_USAGE_UNKNOWN);
  return count;
}

export const productDecider = defineDecider<ProductStatus, ProductAction, ProductState, ProductEvent>({
  table: {
    name: 'product',
    statuses: PRODUCT_STATUSES,
    transitions: [
      { action: 'Create', from: [NEW], to: 'active', roles: PRODUCT_MANAGERS },
      { action: 'Update', from: ['active'], roles: PRODUCT_MANAGERS },
      {
        action: 'Delete',
        from: ['active'],
        to: 'deleted',
        roles: PRODUCT_MANAGERS,
        description: 'Refused (409) while a CTA promotes the product',
      },
      { action: 'Restore', from: ['deleted'], to: 'active', roles: PRODUCT_MANAGERS },
    ],
  },
  initialState: { status: NEW, organisationId: null, websiteId: null, createdBy: null, fields: null } as ProductState,
  statusOf: (state) => state.status,
  handlers: {
    Create: (_state, command: { data: unknown; actor: Actor }) => {
      const owner = parseFields(ownerSchema, command.data);
      const fields = productFieldsOf(parseFields(productCreateSchema, command.data));
      return [
        {
          type: 'ProductCreated',
          data: {
            ...fields,
            organisationId: owner.organisationId,
            websiteId: owner.websiteId,
            createdBy: personOf(command.actor),
          },
        },
      ];
    },
    Update: (state, command: { data: unknown }) => {
      const changes = changedFields(state.fields, productChangesOf(parseFields(productUpdateSchema, command.data)));
      return Object.keys(changes).length ? [{ type: 'ProductUpdated', data: changes }] : [];
    },
    Delete: (_state, command: { context?: unknown }) => {
      const count = usedByCtas(command.context);
      if (count > 0) throw new ConflictError(PRODUCT_IN_USE, undefined, { usedByCtas: count });
      return [{ type: 'ProductDeleted', data: {} }];
    },
    Restore: () => [{ type: 'ProductRestored', data: {} }],
  },
  evolve: (state, event) => {
    switch (event.type) {
      case 'ProductCreated': {
        const { organisationId, websiteId, createdBy, ...fields } = event.data;
        return { status: 'active', organisationId, websiteId, createdBy: createdBy.id, fields };
      }
      case 'ProductUpdated':
        return { ...state, fields: { ...state.fields!, ...event.data } };
      case 'ProductDeleted':
        return { ...state, status: 'deleted' };
      case 'ProductRestored':
        return { ...state, status: 'active' };
      default:
        return state;
    }
  },
});

/** The product's events: the one list (names and schema versions). */
export const PRODUCT_EVENT_TYPES = [
  { type: 'ProductCreated', schemaVersion: 1 },
  { type: 'ProductUpdated', schemaVersion: 1 },
  { type: 'ProductDeleted', schemaVersion: 1 },
  { type: 'ProductRestored', schemaVersion: 1 },
] as const;
export type ProductEventType = (typeof PRODUCT_EVENT_TYPES)[number]['type'];
/** The decider records exactly the events listed (a compile error otherwise). */
export const EVERY_PRODUCT_EVENT_LISTED: [ProductEvent['type']] extends [ProductEventType]
  ? [ProductEventType] extends [ProductEvent['type']]
    ? true
    : never
  : never = true;
