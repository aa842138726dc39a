import { SearchInput, useTranslate, type SearchInputProps } from 'react-admin';

/** react-admin's SearchInput with its placeholder (a message key) translated, which SearchInput does not do itself. */
export const SearchField = ({ placeholder, ...props }: SearchInputProps) => {
  const translate = useTranslate();
  return <SearchInput {...props} placeholder={placeholder ? translate(placeholder) : undefined} />;
};
