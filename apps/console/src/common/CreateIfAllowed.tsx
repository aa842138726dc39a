import { CreateButton, useGetIdentity, useResourceContext, type CreateButtonProps } from 'react-admin';

/**
 * Whether the current user may create records of `resource`: the API says so in `GET /api/auth/user`
 * (`creates` outside any organisation, `organisations[].creates` inside each, from the rules the
 * create routes apply). Until the user is read, nothing is offered.
 */
export const useCanCreate = (resource: string | undefined): boolean => {
  const { identity } = useGetIdentity();
  if (!identity || !resource) return false;
  if (Array.isArray(identity.creates) && (identity.creates as string[]).includes(resource)) return true;
  const organisations = (identity.organisations ?? []) as { creates?: string[] }[];
  return organisations.some((organisation) => organisation.creates?.includes(resource) === true);
};

/** react-admin's Create button, shown only when the API would accept the create (`useCanCreate`). */
export const CreateIfAllowed = (props: CreateButtonProps) => {
  const contextResource = useResourceContext(props);
  return useCanCreate(props.resource ?? contextResource) ? <CreateButton {...props} /> : null;
};
