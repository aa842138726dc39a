import AddBoxOutlined from '@mui/icons-material/AddBoxOutlined';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { ListItemIcon, ListItemText, Menu, MenuItem, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTiptapEditor } from 'ra-input-rich-text';
import { useTranslate } from 'react-admin';
import { ComponentDialog } from './ComponentDialog';
import { componentAt, insertComponent, selectedComponent, updateComponent, type TiptapEditor } from './commands';
import { COMPONENTS, COMPONENT_LIST, type AnyComponentAttrs, type ComponentType } from './definitions';
import { EDIT_COMPONENT_EVENT, type EditComponentDetail } from './nodeView';

interface OpenDialog {
  type: ComponentType;
  initial: AnyComponentAttrs;
  /** Where the edited component is; none when inserting. */
  pos: number | null;
}

/** Where a component is selected (a node selection on it), kept up to date with the editor. */
function useSelectedComponentPos(editor: TiptapEditor | null): number | null {
  const [pos, setPos] = useState<number | null>(null);
  useEffect(() => {
    if (!editor) return;
    const read = () => setPos(editor.isDestroyed ? null : (selectedComponent(editor)?.pos ?? null));
    read();
    editor.on('selectionUpdate', read);
    editor.on('transaction', read);
    return () => {
      editor.off('selectionUpdate', read);
      editor.off('transaction', read);
    };
  }, [editor]);
  return pos;
}

/**
 * The toolbar's Insert menu of product components (each opens its dialog), and the Edit button
 * of the selected one. It also opens the dialog when a component's card in the editor asks for it
 * (double-click, or the card's Edit button).
 */
export const InsertComponentButton = ({ size = 'medium' }: { size?: 'small' | 'medium' | 'large' }) => {
  const editor = useTiptapEditor();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const selectedPos = useSelectedComponentPos(editor);
  const translate = useTranslate();

  const openEdit = (pos: number) => {
    if (!editor || !editor.isEditable) return;
    const found = componentAt(editor, pos);
    if (found) setDialog({ type: found.type, initial: found.attrs, pos });
  };

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const dom = editor.view.dom;
    const onEdit = (event: Event) => {
      const { pos } = (event as CustomEvent<EditComponentDetail>).detail;
      openEdit(pos);
    };
    dom.addEventListener(EDIT_COMPONENT_EVENT, onEdit);
    return () => dom.removeEventListener(EDIT_COMPONENT_EVENT, onEdit);
    // openEdit only reads the editor.
  }, [editor]);

  const disabled = !editor || !editor.isEditable;
  const startInsert = (type: ComponentType) => {
    setMenuAnchor(null);
    setDialog({ type, initial: COMPONENTS[type].defaults(), pos: null });
  };
  const close = () => {
    setDialog(null);
    editor?.commands.focus();
  };
  const submit = (attrs: AnyComponentAttrs) => {
    if (!editor || !dialog) return;
    if (dialog.pos === null) insertComponent(editor, dialog.type, attrs);
    else updateComponent(editor, dialog.pos, dialog.type, attrs);
    setDialog(null);
  };
  const selected = selectedPos === null || !editor ? null : componentAt(editor, selectedPos);

  return (
    <>
      <ToggleButtonGroup size={size} aria-label={translate('console.components.menu')}>
        <ToggleButton
          value="insert"
          aria-label={translate('console.components.insertOne')}
          title={translate('console.components.insertTitle')}
          aria-haspopup="menu"
          aria-expanded={menuAnchor ? 'true' : undefined}
          disabled={disabled}
          selected={!!menuAnchor}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          sx={{ gap: 0.5, px: 1, textTransform: 'none', fontSize: '0.875rem !important', fontWeight: 500 }}
        >
          <AddBoxOutlined fontSize="small" />
          {translate('console.components.insert')}
          <ArrowDropDown fontSize="small" sx={{ ml: -0.5 }} />
        </ToggleButton>
        <ToggleButton
          value="edit"
          aria-label={translate('console.components.editOne')}
          title={translate(selected ? COMPONENTS[selected.type].titles.edit : 'console.components.selectToEdit')}
          disabled={disabled || !selected}
          onClick={() => selected && openEdit(selected.pos)}
        >
          <EditOutlined fontSize="inherit" />
        </ToggleButton>
      </ToggleButtonGroup>
      <Menu
        anchorEl={menuAnchor}
        open={!!menuAnchor}
        onClose={() => setMenuAnchor(null)}
        slotProps={{ list: { 'aria-label': translate('console.components.menu') } }}
      >
        {COMPONENT_LIST.map(({ type, label, icon: Icon }) => (
          <MenuItem key={type} onClick={() => startInsert(type)}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate(label)}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {dialog && (
        <ComponentDialog
          // A new dialog (fresh state) for each component opened.
          key={`${dialog.type}-${dialog.pos ?? 'new'}`}
          type={dialog.type}
          initial={dialog.initial}
          mode={dialog.pos === null ? 'insert' : 'edit'}
          onCancel={close}
          onSubmit={submit}
        />
      )}
    </>
  );
};
