/** A Mantine combobox's option search on the shared folding rule (Arabic ي ك find Persian ی ک, digits in any script). */
import type { ComboboxItem, OptionsFilter } from '@mantine/core';
import { foldText } from '../../domain/text';

export const foldedFilter: OptionsFilter = ({ options, search }) => {
  const wanted = foldText(search);
  return (options as ComboboxItem[]).filter((option) => foldText(option.label).includes(wanted));
};
