/**
 * The CMS's role groups (as the policy names them: organisation roles and `cms:{role}`), for the
 * contexts that decide on CMS work (posts, experts). DESIGN.md: "Editor+" means editor, content
 * manager, admin and owner; organisation owners and admins may take every action of every stage
 * (four-eyes rules still apply to them).
 */
export const ORG_ADMINS = ['owner', 'admin'] as const;
export const EDITORS = [...ORG_ADMINS, 'cms:admin', 'cms:manager', 'cms:editor'] as const;
