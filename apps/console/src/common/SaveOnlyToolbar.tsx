import { SaveButton, Toolbar } from 'react-admin';

/** Records of this console are deactivated through workflow actions, not deleted from a form. */
export const SaveOnlyToolbar = ({ label }: { label?: string }) => (
  <Toolbar>
    <SaveButton label={label} />
  </Toolbar>
);
