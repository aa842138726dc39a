import {
  AlignmentButtons,
  ClearButtons,
  ColorButtons,
  FormatButtons,
  ImageButtons,
  LevelSelect,
  LinkButtons,
  ListButtons,
  QuoteButtons,
  RichTextInputToolbar,
} from 'ra-input-rich-text';
import { InsertComponentButton } from './InsertComponentButton';

/** ra-input-rich-text's standard toolbar, then the Insert menu of product components (not when read-only). */
export const BodyToolbar = ({
  readOnly,
  size = 'medium',
}: {
  readOnly?: boolean;
  size?: 'small' | 'medium' | 'large';
}) => (
  <RichTextInputToolbar size={size}>
    <LevelSelect size={size} />
    <FormatButtons size={size} />
    <ColorButtons size={size} />
    <AlignmentButtons size={size} />
    <ListButtons size={size} />
    <LinkButtons size={size} />
    <ImageButtons size={size} />
    <QuoteButtons size={size} />
    <ClearButtons size={size} />
    {!readOnly && <InsertComponentButton size={size} />}
  </RichTextInputToolbar>
);
