import { SetMetadata, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { UnauthorizedError } from '../errors.js';
import type { Viewer } from './viewer.js';

export const IS_PUBLIC = 'isPublic';
/** Marks a route that needs no session. */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** The signed-in user of the request. */
export const CurrentViewer = createParamDecorator((_: unknown, context: ExecutionContext): Viewer => {
  const viewer = context.switchToHttp().getRequest<{ viewer?: Viewer }>().viewer;
  if (!viewer) throw new UnauthorizedError('Please log in');
  return viewer;
});

/** The request id, used as the correlation id of the events a request causes. */
export const RequestId = createParamDecorator(
  (_: unknown, context: ExecutionContext): string => context.switchToHttp().getRequest<{ id: string }>().id,
);
