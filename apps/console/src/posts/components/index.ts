import type { RichTextInputProps } from 'ra-input-rich-text';
import { COMPONENT_NODES } from './nodes';

export { BodyToolbar } from './BodyToolbar';
export { InsertComponentButton } from './InsertComponentButton';
export { componentCardsSx } from './styles';
export * from './definitions';

type Extensions = NonNullable<NonNullable<RichTextInputProps['editorOptions']>['extensions']>;

/**
 * The product components' TipTap nodes, for the body's `editorOptions.extensions` (typed as
 * ra-input-rich-text's own copy of TipTap, which vite dedupes with ours at run time).
 */
export const COMPONENT_EXTENSIONS = COMPONENT_NODES as unknown as Extensions;
