import type { useTiptapEditor } from 'ra-input-rich-text';
import { isComponentType, type ComponentAttrsByType, type ComponentType } from './definitions';

/** ra-input-rich-text's editor (its own TipTap copy's type). */
export type TiptapEditor = NonNullable<ReturnType<typeof useTiptapEditor>>;

export interface ComponentAt<T extends ComponentType = ComponentType> {
  type: T;
  pos: number;
  attrs: ComponentAttrsByType[T];
}

/** The component at `pos`, if one is there. */
export function componentAt(editor: TiptapEditor, pos: number): ComponentAt | null {
  const node = editor.state.doc.nodeAt(pos);
  if (!node || !isComponentType(node.type.name)) return null;
  return { type: node.type.name, pos, attrs: structuredClone(node.attrs) as ComponentAttrsByType[ComponentType] };
}

/** The component the selection is on (a selected node), if any. */
export function selectedComponent(editor: TiptapEditor): ComponentAt | null {
  const { selection } = editor.state;
  if (!('node' in selection) || !selection.node) return null;
  return componentAt(editor, selection.from);
}

/**
 * Inserts a component at the cursor (after the selected node when a node is selected, rather
 * than in its place), then puts the cursor in the paragraph after it, adding one at the end.
 */
export function insertComponent<T extends ComponentType>(
  editor: TiptapEditor,
  type: T,
  attrs: ComponentAttrsByType[T],
): boolean {
  const content = { type, attrs };
  const { selection } = editor.state;
  const chain = editor.chain().focus();
  const inserted = 'node' in selection ? chain.insertContentAt(selection.to, content) : chain.insertContent(content);
  return inserted
    .command(({ tr, dispatch, commands }) => {
      if (!dispatch || !('node' in tr.selection)) return true;
      // TipTap selects the inserted atom: move on past it.
      const { $to } = tr.selection;
      const after = $to.nodeAfter;
      if (!after) {
        const paragraph = tr.doc.type.schema.nodes.paragraph;
        if (!paragraph) return true;
        tr.insert($to.pos, paragraph.create());
        commands.setTextSelection($to.pos + 1);
      } else if (after.isTextblock) {
        commands.setTextSelection($to.pos + 1);
      }
      tr.scrollIntoView();
      return true;
    })
    .run();
}

/** Replaces the attributes of the component at `pos` (it must still be of `type`), and selects it. */
export function updateComponent<T extends ComponentType>(
  editor: TiptapEditor,
  pos: number,
  type: T,
  attrs: ComponentAttrsByType[T],
): boolean {
  return editor
    .chain()
    .focus()
    .command(({ tr, dispatch }) => {
      const node = tr.doc.nodeAt(pos);
      if (!node || node.type.name !== type) return false;
      if (dispatch) tr.setNodeMarkup(pos, undefined, { ...attrs });
      return true;
    })
    .setNodeSelection(pos)
    .run();
}
